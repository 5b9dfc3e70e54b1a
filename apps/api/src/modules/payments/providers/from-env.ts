import type { Database } from '../../../db/client.ts';
import type { Env } from '../../../env.ts';
import type { Logger } from '../../../logger.ts';
import { StripeProvider } from './stripe.ts';
import { TestProcessor } from './test-processor.ts';
import type { PaymentProvider } from './types.ts';

/**
 * Stripe when STRIPE_SECRET_KEY is set (env.ts then requires the publishable key and the webhook
 * secret too), else the built-in test processor (DECISIONS.md, card payments).
 */
export function paymentProvider(
  env: Pick<Env, 'STRIPE_SECRET_KEY' | 'STRIPE_PUBLISHABLE_KEY' | 'STRIPE_WEBHOOK_SECRET'>,
  db: Database,
  logger: Logger,
): PaymentProvider {
  if (env.STRIPE_SECRET_KEY && env.STRIPE_PUBLISHABLE_KEY && env.STRIPE_WEBHOOK_SECRET)
    return new StripeProvider({ secretKey: env.STRIPE_SECRET_KEY, publishableKey: env.STRIPE_PUBLISHABLE_KEY, webhookSecret: env.STRIPE_WEBHOOK_SECRET });
  return new TestProcessor(db, logger);
}
