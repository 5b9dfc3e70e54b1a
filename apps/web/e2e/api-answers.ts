import { z } from 'zod';

const SuccessEnvelopeSchema = z.object({ status: z.literal('success'), payload: z.unknown() });

/**
 * The payload of an API answer that a test reads back (a Playwright Response or APIResponse),
 * parsed with its route's schema from @resto/contract: an answer outside the contract fails the
 * test here instead of being cast.
 */
export async function payloadOf<S extends z.ZodType>(response: { json(): Promise<unknown> }, schema: S): Promise<z.output<S>> {
  return schema.parse(SuccessEnvelopeSchema.parse(await response.json()).payload);
}
