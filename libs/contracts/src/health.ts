import { z } from 'zod';

// GET /api/health: the process answers (liveness).
export const healthDtoSchema = z.object({ status: z.literal('ok') });
export type HealthDto = z.infer<typeof healthDtoSchema>;

// GET /api/ready: the database and the broker answer (readiness); 503 with the same checks otherwise.
export const readinessDtoSchema = z.object({
  status: z.enum(['ready', 'not ready']),
  checks: z.array(
    z.object({ name: z.string(), status: z.enum(['up', 'down']), reason: z.string().optional() }),
  ),
});
export type ReadinessDto = z.infer<typeof readinessDtoSchema>;
