import type { Database } from '../../../db/client.ts';
import type { Env } from '../../../env.ts';
import type { Logger } from '../../../logger.ts';
import { StripeProvider } from './stripe.ts';
import { TestProcessor } from './test-processor.ts';
import type { PaymentProvider } from './types.ts';

/**
 * Whether the built-in test processor may run (docs/decisions/014): when
 * PAYMENT_TEST_MODE says so, else only outside production (NODE_ENV not 'production'). A
 * production server without Stripe keys must not mark 4242… orders paid.
 */
export function testModeAllowed(env: Pick<Env, 'NODE_ENV' | 'PAYMENT_TEST_MODE'>): boolean {
  return env.PAYMENT_TEST_MODE ?? env.NODE_ENV !== 'production';
}

/**
 * Stripe when STRIPE_SECRET_KEY is set (env.ts then requires the publishable key and the webhook
 * secret too), else the built-in test processor when test mode is allowed (testModeAllowed),
 * else null: card payments are off (docs/decisions/016, section 5; docs/decisions/014).
 */
export function paymentProvider(
  env: Pick<Env, 'STRIPE_SECRET_KEY' | 'STRIPE_PUBLISHABLE_KEY' | 'STRIPE_WEBHOOK_SECRET' | 'NODE_ENV' | 'PAYMENT_TEST_MODE'>,
  db: Database,
  logger: Logger,
): PaymentProvider | null {
  if (env.STRIPE_SECRET_KEY && env.STRIPE_PUBLISHABLE_KEY && env.STRIPE_WEBHOOK_SECRET)
    return new StripeProvider({ secretKey: env.STRIPE_SECRET_KEY, publishableKey: env.STRIPE_PUBLISHABLE_KEY, webhookSecret: env.STRIPE_WEBHOOK_SECRET });
  return testModeAllowed(env) ? new TestProcessor(db, logger) : null;
}
