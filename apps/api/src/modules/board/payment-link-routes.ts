import type { Context } from 'hono';
import { centsToEuros } from '@resto/domain/money';
import { confirmPaymentLink, createPaymentLink, createPaymentLinkIntent, getPaymentLink } from '@resto/contract/payment-links.routes';
import type { Database } from '../../db/client.ts';
import { ok, routes, serve } from '../../http/openapi.ts';
import { staffAuthenticator } from '../staff/index.ts';
import type { PaymentLinkService } from './payment-links.ts';

/**
 * Card payment links (docs/decisions/038-payment-links.md): « Envoyer un lien de paiement » for a
 * live staff session, and the customer's page calls, whose only key is the link's token. Never cached.
 */
export function paymentLinkRoutes(
  service: PaymentLinkService,
  db: Database,
  clock: () => Date,
  /** Counts an intent call of the caller's address (RequestLimits.intent); @throws ApiError 429. */
  limitIntent: (c: Context) => Promise<void>,
) {
  const app = routes({ authenticateStaff: staffAuthenticator(db, clock) });
  app.use('/v2/public/payment-links/*', async (c, next) => {
    await next();
    c.header('Cache-Control', 'no-store');
  });
  serve(app, createPaymentLink, async (c) => {
    const link = await service.linkFor(Number(c.req.valid('param').order_id), { staffId: c.var.staff.staffId, name: c.var.staff.name });
    c.header('Cache-Control', 'no-store');
    const { amount_due_cents, expires_at, ...rest } = link;
    return ok(c, { ...rest, amount_due: centsToEuros(amount_due_cents), expires_at: expires_at.toISOString() });
  });
  serve(app, getPaymentLink, async (c) => ok(c, await service.view(c.req.valid('param').token)));
  serve(app, createPaymentLinkIntent, async (c) => {
    await limitIntent(c);
    return ok(c, await service.intent(c.req.valid('param').token));
  });
  serve(app, confirmPaymentLink, async (c) => ok(c, await service.confirm(c.req.valid('param').token)));
  return app;
}
