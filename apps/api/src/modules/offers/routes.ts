import type { MiddlewareHandler } from 'hono';
import {
  createOffer as createOfferRoute,
  deleteOffer as deleteOfferRoute,
  listBackOfficeOffers,
  setOfferActive as setOfferActiveRoute,
  updateOffer as updateOfferRoute,
} from '@resto/contract/offers.routes';
import { normaliseOfferInput } from '@resto/domain/backoffice-offers';
import { requestErrors } from '@resto/copy/errors/request';
import type { Database } from '../../db/client.ts';
import { ApiError } from '../../http/errors.ts';
import { ok, routes, serve } from '../../http/openapi.ts';
import { staffAuthenticator } from '../staff/index.ts';
import { createOffer, deleteOffer, listOffers, setOfferActive, updateOffer } from './service.ts';

/**
 * The body as JSON, its coupon code made canonical (normaliseOfferInput) before the route's
 * schema reads it: the request's body becomes the canonical JSON. Runs after the owner's guard.
 * @throws ApiError invalid_json when the body is not JSON.
 */
const canonicalOfferBody: MiddlewareHandler = async (c, next) => {
  let value: unknown;
  try {
    value = await c.req.json();
  } catch {
    throw new ApiError('invalid_json', requestErrors.invalidJson);
  }
  const headers = new Headers(c.req.raw.headers);
  headers.delete('content-length');
  c.req.raw = new Request(c.req.raw, { headers, body: JSON.stringify(normaliseOfferInput(value)) });
  c.req.bodyCache = {};
  await next();
};

/**
 * The offers page's routes (docs/decisions/023-back-office.md), declared in
 * packages/contract/src/offers.routes.ts: the owner's only (a staff member gets 403
 * staff_forbidden); app.ts makes every /v2/restaurant answer no-store and same-site only.
 */
export function offerRoutes(deps: { db: Database; clock: () => Date }) {
  const { db, clock } = deps;
  const app = routes({ authenticateStaff: staffAuthenticator(db, clock) });
  const author = (staff: { staffId: number; name: string }) => ({ staffId: staff.staffId, name: staff.name });
  serve(app, listBackOfficeOffers, async (c) => ok(c, await listOffers(db)));
  serve(app, createOfferRoute, async (c) => ok(c, await createOffer(db, author(c.var.staff), c.req.valid('json')), 201), { before: [canonicalOfferBody] });
  serve(
    app,
    updateOfferRoute,
    async (c) => {
      const offerId = Number(c.req.valid('param').offer_id);
      const { expected_version, ...offer } = c.req.valid('json');
      return ok(c, await updateOffer(db, author(c.var.staff), offerId, offer, expected_version));
    },
    { before: [canonicalOfferBody] },
  );
  serve(app, setOfferActiveRoute, async (c) => {
    const offerId = Number(c.req.valid('param').offer_id);
    const { is_active, expected_version } = c.req.valid('json');
    return ok(c, await setOfferActive(db, author(c.var.staff), offerId, is_active, expected_version));
  });
  serve(app, deleteOfferRoute, async (c) => {
    const offerId = Number(c.req.valid('param').offer_id);
    return ok(c, await deleteOffer(db, author(c.var.staff), offerId, c.req.valid('query').expected_version, clock()));
  });
  return app;
}
