import { z } from '@resto/domain/zod-fr';

/** GET /v2/health: the database answered. */
export const HealthSchema = z.object({ database: z.literal('ok') });
export type Health = z.infer<typeof HealthSchema>;
