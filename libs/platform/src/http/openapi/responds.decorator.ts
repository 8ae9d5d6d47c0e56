import type { ZodType } from 'zod';

// What a route answers when it succeeds, declared next to the route so the OpenAPI document (and the
// fuzzing that checks answers against it) is generated from the same zod contracts the code uses.
// Error answers (the ApiError shape) are added to every operation by the document builder.

export const RESPONDS_METADATA = 'plantlens:responds';

export interface ResponseContract {
  /** HTTP status of this answer; by default 201 for POST and 200 otherwise (204 when `schema` is null). */
  status?: number;
  /** zod schema of the body; null when the answer has no body. */
  schema: ZodType | null;
  /** media type when the body is not JSON (text/csv, application/pdf, text/html). */
  contentType?: string;
  description?: string;
}

/**
 * Declares a success answer of the route; stack several for several statuses.
 * `@Responds(queryDtoSchema.array())`, `@Responds(null)` for 204, `@Responds(z.string(), { contentType: 'text/csv' })`.
 */
export function Responds(
  schema: ZodType | null,
  options: Omit<ResponseContract, 'schema'> = {},
): MethodDecorator {
  return (_target, _key, descriptor) => {
    const handler = descriptor.value as object;
    const declared: ResponseContract[] = Reflect.getMetadata(RESPONDS_METADATA, handler) ?? [];
    Reflect.defineMetadata(RESPONDS_METADATA, [...declared, { ...options, schema }], handler);
    return descriptor;
  };
}

/** The success answers a route handler declared (empty when it declared none). */
export function declaredResponses(handler: object): ResponseContract[] {
  return Reflect.getMetadata(RESPONDS_METADATA, handler) ?? [];
}
