import { z } from '@resto/domain/zod-fr';

/**
 * The success envelope of every JSON answer of the API under /v2 (docs/decisions/017, section 2):
 * `{status: 'success', payload}`. Errors are `ErrorBodySchema` (errors.ts).
 */
export function successBody<S extends z.ZodType>(payload: S) {
  return z.object({ status: z.literal('success'), payload });
}

/** A confirmation for a person: `{message}` in French (logout, send-otp, reset-password…). */
export const MessageAnswerSchema = z.object({ message: z.string() });
export type MessageAnswer = z.infer<typeof MessageAnswerSchema>;

/** An ISO 8601 instant as the API writes it (`Date.toISOString()`, UTC). */
export const InstantSchema = z.string();
