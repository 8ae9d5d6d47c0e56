import { NUL_MESSAGE, type ApiErrorDto } from '@plantlens/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';

const NUL = '\u0000';

function isPlainData(value: unknown): value is Record<string, unknown> {
  if (typeof value !== 'object' || value === null) return false;
  if (Array.isArray(value)) return true;
  const prototype: object | null = Object.getPrototypeOf(value);
  // Parsed queries and route params are dictionaries whose prototype itself has none.
  return prototype === Object.prototype || prototype === null || Object.getPrototypeOf(prototype) === null;
}

/** A place in a parsed value, linked to its parent so that no path is copied while walking. */
interface Place {
  key: string;
  parent: Place | undefined;
}

function pathOf(place: Place | undefined): string {
  const keys: string[] = [];
  for (let at = place; at !== undefined; at = at.parent) keys.push(at.key);
  return keys.reverse().join('.');
}

/**
 * The path ("name", "0.emails") of a string holding a NUL in parsed query, params or JSON (keys included),
 * or undefined. Streams and other objects (an upload's body) are not looked into. Iterative and linear in
 * the size of the value, so a deeply nested body can neither exhaust the stack nor cost quadratic time.
 */
export function nulCharacterPath(value: unknown): string | undefined {
  const pending: [unknown, Place | undefined][] = [[value, undefined]];
  for (let next = pending.pop(); next !== undefined; next = pending.pop()) {
    const [item, place] = next;
    if (typeof item === 'string') {
      if (item.includes(NUL)) return pathOf(place);
    } else if (isPlainData(item)) {
      for (const [key, child] of Object.entries(item)) {
        const childPlace = { key, parent: place };
        if (key.includes(NUL)) return pathOf(childPlace);
        pending.push([child, childPlace]);
      }
    }
  }
  return undefined;
}

function nulInRequest(request: FastifyRequest): string | undefined {
  for (const part of [request.params, request.query, request.body]) {
    const found = nulCharacterPath(part);
    // The wildcard parameter ('*') of a catch-all route is the address itself.
    if (found !== undefined) return found === '*' ? 'url' : found;
  }
  // A NUL in a part of the address no route reads.
  return /%00/i.test(request.url) || request.url.includes(NUL) ? 'url' : undefined;
}

/**
 * Belt and braces for the zod schemas of each route: PostgreSQL text cannot hold U+0000, so a NUL anywhere
 * in the address or the JSON body is answered 400 before any handler runs, schema or not (sign-in, proxies).
 */
export function refuseNulCharacters(fastify: FastifyInstance): void {
  fastify.addHook('preValidation', async (request, reply) => {
    const path = nulInRequest(request);
    if (path === undefined) return;
    const message = path ? `${path}: ${NUL_MESSAGE}` : NUL_MESSAGE;
    const body: ApiErrorDto = {
      statusCode: 400,
      error: 'Bad Request',
      message,
      issues: [{ path, message: NUL_MESSAGE }],
    };
    return reply.status(400).send(body);
  });
}
