import { z } from 'zod';

// Body of every 4xx/5xx answer of the HTTP API.
export const apiErrorSchema = z.object({
  statusCode: z.number().int(),
  error: z.string(),
  message: z.string(),
  /** one entry per invalid field, when the request failed validation */
  issues: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
});
export type ApiErrorDto = z.infer<typeof apiErrorSchema>;
