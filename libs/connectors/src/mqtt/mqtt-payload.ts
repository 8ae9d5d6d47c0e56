import { clientReferenceSchema, MEASUREMENT_MAX_FUTURE_MS, MEASUREMENT_MIN_TS } from '@plantlens/contracts';
import { printable, type Reading, type Rejection } from '../shared/readings';

export interface ParsedPayload {
  readings: Reading[];
  rejections: Rejection[];
}

export interface PayloadContext {
  /** the reference of the message's topic, or why it has none */
  topicReference: { reference: string } | { problem: string };
  /** when the message arrived: the timestamp of values sent without one */
  receivedAt: number;
}

// Epoch milliseconds below 1e11 (March 1973) are, in live plant data, epoch seconds sent by mistake.
const SMALLEST_EPOCH_MS = 1e11;
// A timestamp string must say its zone: a local time would be read differently on every server.
const ISO_8601_WITH_ZONE =
  /^(\d{4})-(\d{2})-(\d{2})[T ](\d{2}):(\d{2})(?::(\d{2})(\.\d{1,9})?)?(?:(Z)|([+-])(\d{2}):(\d{2}))$/i;
const SHAPES =
  'expected a number, {"value": n, "ts": …}, an array of those, or {"ts": …, "values": {reference: n}}';

/**
 * Reads one MQTT message. Accepted payloads:
 * - a plain number (or true/false as 1/0), stamped with the time of arrival;
 * - `{"value": n, "ts": t}` (or `"timestamp"`), t in epoch milliseconds or ISO 8601 with a zone, optional;
 * - a JSON array of such objects;
 * - `{"ts": t, "values": {"<client reference>": n, …}}`: several variables at one instant.
 * The first three belong to the variable of the topic. Every point is checked on its own, so one bad
 * point does not cost the others.
 */
export function parseMqttPayload(payload: Buffer | string, context: PayloadContext): ParsedPayload {
  const parsed: ParsedPayload = { readings: [], rejections: [] };
  const text = (typeof payload === 'string' ? payload : payload.toString('utf8')).trim();
  if (text === '') return rejectMessage(parsed, 'empty payload');
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return rejectMessage(parsed, `"${printable(text, 40)}" is neither a number nor JSON`);
  }
  if (Array.isArray(json)) {
    if (json.length === 0) return rejectMessage(parsed, 'empty array');
    for (const item of json) readTopicValue(item, context, parsed);
  } else if (isObject(json) && 'values' in json) {
    readValuesObject(json, context, parsed);
  } else {
    readTopicValue(json, context, parsed);
  }
  return parsed;
}

function readTopicValue(item: unknown, context: PayloadContext, parsed: ParsedPayload): void {
  const bare = typeof item === 'number' || typeof item === 'boolean';
  const object = isObject(item) && 'value' in item ? item : undefined;
  if (!bare && !object) {
    parsed.rejections.push({ reason: 'malformed-payload', detail: SHAPES, count: 1 });
    return;
  }
  if ('problem' in context.topicReference) {
    parsed.rejections.push({ reason: 'invalid-reference', detail: context.topicReference.problem, count: 1 });
    return;
  }
  const ts = object ? readTimestamp(object, context.receivedAt) : { ts: context.receivedAt };
  if ('problem' in ts) {
    parsed.rejections.push({ reason: 'invalid-timestamp', detail: ts.problem, count: 1 });
    return;
  }
  addReading(parsed, context.topicReference.reference, ts.ts, object ? object.value : item);
}

function readValuesObject(
  object: Record<string, unknown>,
  context: PayloadContext,
  parsed: ParsedPayload,
): void {
  const values = object.values;
  if (!isObject(values) || Object.keys(values).length === 0) {
    rejectMessage(parsed, '"values" must be an object of client reference → number with at least one entry');
    return;
  }
  const ts = readTimestamp(object, context.receivedAt);
  if ('problem' in ts) {
    parsed.rejections.push({
      reason: 'invalid-timestamp',
      detail: ts.problem,
      count: Object.keys(values).length,
    });
    return;
  }
  for (const [reference, value] of Object.entries(values)) {
    if (!clientReferenceSchema.safeParse(reference).success) {
      parsed.rejections.push({
        reason: 'invalid-reference',
        detail: `"${printable(reference, 60)}" is not a valid client reference`,
        count: 1,
      });
    } else {
      addReading(parsed, reference, ts.ts, value);
    }
  }
}

function addReading(parsed: ParsedPayload, reference: string, ts: number, raw: unknown): void {
  const value = typeof raw === 'boolean' ? Number(raw) : raw;
  if (typeof value === 'number' && Number.isFinite(value)) {
    parsed.readings.push({ reference, ts, value });
  } else {
    parsed.rejections.push({
      reason: 'invalid-value',
      detail: `value ${printable(String(JSON.stringify(raw)), 40)} of ${reference} is not a finite number`,
      count: 1,
    });
  }
}

function readTimestamp(
  object: Record<string, unknown>,
  receivedAt: number,
): { ts: number } | { problem: string } {
  const raw = object.ts ?? object.timestamp;
  if (raw === undefined || raw === null) return { ts: receivedAt };
  let ts: number;
  if (typeof raw === 'number' && Number.isFinite(raw)) {
    if (raw < SMALLEST_EPOCH_MS)
      return { problem: `timestamp ${raw} looks like epoch seconds; send epoch milliseconds` };
    // Sub-millisecond digits (a float from time.time() * 1000) are below the store's resolution.
    ts = Math.round(raw);
  } else if (typeof raw === 'string' && ISO_8601_WITH_ZONE.test(raw)) {
    const parsed = parseIso8601(raw);
    if (parsed === undefined) return { problem: `timestamp "${printable(raw, 40)}" is not a valid date` };
    ts = parsed;
  } else {
    return {
      problem: `timestamp ${printable(String(JSON.stringify(raw)), 40)} is neither epoch milliseconds nor ISO 8601 with a zone`,
    };
  }
  if (ts < MEASUREMENT_MIN_TS) return { problem: `timestamp ${new Date(ts).toISOString()} is before 1970` };
  if (ts > receivedAt + MEASUREMENT_MAX_FUTURE_MS)
    return { problem: `timestamp ${new Date(ts).toISOString()} is more than a day in the future` };
  return { ts };
}

// Date.parse would roll 30 February over into March; a plant clock that says so is wrong, not early.
function parseIso8601(text: string): number | undefined {
  const match = ISO_8601_WITH_ZONE.exec(text);
  if (!match) return undefined;
  const [, year, month, day, hour, minute, second = '0', fraction = '', utc, sign, zoneHours, zoneMinutes] =
    match;
  const fields = [year, month, day, hour, minute, second, zoneHours ?? '0', zoneMinutes ?? '0'].map(Number);
  const [y, mo, d, h, mi, s, zh, zm] = fields as [
    number,
    number,
    number,
    number,
    number,
    number,
    number,
    number,
  ];
  const midnight = new Date(Date.UTC(y, mo - 1, d));
  if (midnight.getUTCMonth() !== mo - 1 || midnight.getUTCDate() !== d) return undefined;
  if (h > 23 || mi > 59 || s > 59 || zh > 23 || zm > 59) return undefined;
  const offsetMinutes = utc ? 0 : (sign === '-' ? -1 : 1) * (zh * 60 + zm);
  const milliseconds = fraction ? Math.round(Number(fraction) * 1000) : 0;
  return midnight.getTime() + ((h * 60 + mi - offsetMinutes) * 60 + s) * 1000 + milliseconds;
}

function rejectMessage(parsed: ParsedPayload, detail: string): ParsedPayload {
  parsed.rejections.push({ reason: 'malformed-payload', detail, count: 1 });
  return parsed;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
