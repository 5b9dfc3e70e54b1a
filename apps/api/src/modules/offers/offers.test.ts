import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { BackOfficeOffer, BackOfficeOffers, OfferDeleted } from '@resto/contract/backoffice-offers';
import type { OfferEditInput } from '@resto/domain/backoffice-offers';
import type { Offer } from '@resto/domain/offers';
import { auditLog, offers, orders } from '../../db/schema.ts';
import { buildOrderPayload, errorOf, fetchCoupon, getJson, looksFrench, payloadOf, postOrder, type JsonResponse, type TestServer } from '../../test/harness.ts';
import { staffRequest, startBackOfficeServer, type TestStaff } from '../../test/staff.ts';
import { act } from '../board/test-helpers.ts';

/**
 * The back office's offers and coupons over real HTTP (docs/decisions/023): each type created and
 * priced by a real order (or served by the public routes), pause, refusals on the field,
 * stale edits, roles, usage after real orders, archive against delete, audit entries.
 */

// Tuesday 24 November 2026, 12:30 in Paris (the demo restaurant is open).
const now = new Date('2026-11-24T11:30:00Z');

let server: TestServer;
let owner: TestStaff;
let staff: TestStaff;

beforeAll(async () => {
  ({ server, owner, staff } = await startBackOfficeServer(now));
});
afterAll(async () => server?.close());

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

function call<T>(method: Method, path: string, body?: unknown, cookie: string | null = owner.cookie): Promise<JsonResponse<T>> {
  return staffRequest<T>(server, cookie, method, `/v2/restaurant${path}`, body);
}

/** An automatic offer on the Œufs en meurette (101, no options, no demo offer touches it), with `fields` over it. */
function offerBody(fields: Partial<OfferEditInput> = {}): OfferEditInput {
  return { name: 'Offre de test', type: 'percentage', value: 10, items: [101], ...fields };
}

async function create(fields: Partial<OfferEditInput> = {}): Promise<BackOfficeOffer> {
  const answer = await call<BackOfficeOffer>('POST', '/offers', offerBody(fields));
  expect(answer.status).toBe(201);
  return payloadOf(answer);
}

async function remove(offer: { id: number; version: number }): Promise<OfferDeleted> {
  return payloadOf(await call<OfferDeleted>('DELETE', `/offers/${offer.id}?expected_version=${offer.version}`));
}

async function listed(): Promise<BackOfficeOffers> {
  return payloadOf(await call<BackOfficeOffers>('GET', '/offers'));
}

async function publicOffers(): Promise<Offer[]> {
  return payloadOf(await getJson<Offer[]>(server.baseUrl, '/v2/public/offers'));
}

/** A cash pickup order placed over HTTP (totals priced by the domain from the public routes), and the offers it applied. */
async function order(lines: { itemId: number; quantity: number }[], coupon?: string) {
  const answer = await postOrder(server.baseUrl, await buildOrderPayload(server, { lines, ...(coupon ? { coupon } : {}) }));
  expect(answer.status, JSON.stringify(answer.body)).toBe(201);
  const { order_id } = payloadOf(answer);
  const [row] = await server.db.select().from(orders).where(eq(orders.orderId, order_id));
  return { orderId: order_id, applied: row!.appliedOffers };
}

describe('each type the pricing knows, created and applied at once', () => {
  test('percentage (automatic): listed publicly and taken off a real order', async () => {
    const offer = await create({ name: '10 % sur les œufs', value: 10 });
    expect(offer).toMatchObject({ type: 'percentage', value: 10, code: null, auto_apply: 'Yes', is_active: true, usage: { orders: 0, cost: 0 } });
    expect(offer.version).toBeGreaterThan(0);
    expect((await publicOffers()).map((o) => o.id)).toContain(offer.id);
    const { applied } = await order([{ itemId: 101, quantity: 2 }]);
    // 10 % of 2 × 8,50 €.
    expect(applied).toContainEqual(expect.objectContaining({ offer_id: offer.id, amount_cents: 170, is_coupon: false }));
    await remove(payloadOf(await call<BackOfficeOffer>('POST', `/offers/${offer.id}/active`, { is_active: false, expected_version: offer.version })));
  });

  test('fixed_amount by code: typed in lower case, stored upper case, applied to an order with the code', async () => {
    const offer = await create({ name: '3 € sur les œufs', type: 'fixed_amount', value: 3, auto_apply: 'No', code: '  oeufs-3 ' });
    expect(offer.code).toBe('OEUFS-3');
    expect((await publicOffers()).map((o) => o.id)).not.toContain(offer.id);
    expect((await fetchCoupon(server.baseUrl, 'oeufs-3'))?.id).toBe(offer.id);
    const { applied } = await order([{ itemId: 101, quantity: 2 }], 'OEUFS-3');
    expect(applied).toContainEqual(expect.objectContaining({ offer_id: offer.id, amount_cents: 300, is_coupon: true }));
    expect((await remove(offer)).outcome).toBe('archived');
  });

  test('buy_one_get_one: the second Burrata is free', async () => {
    const offer = await create({ name: 'Burrata : 1 achetée = 1 offerte', type: 'buy_one_get_one', value: 0, items: [102] });
    const { applied } = await order([{ itemId: 102, quantity: 2 }]);
    expect(applied).toContainEqual(expect.objectContaining({ offer_id: offer.id, amount_cents: 950 }));
    expect((await remove(offer)).outcome).toBe('archived');
  });

  test('cheapest_item from 2 units: applied on two saucissons briochés, not on one', async () => {
    const offer = await create({ name: 'Duo de saucissons', type: 'cheapest_item', value: 50, items: [104], min_units: 2 });
    expect(offer.min_units).toBe(2);
    expect((await order([{ itemId: 104, quantity: 1 }])).applied.map((a) => a.offer_id)).not.toContain(offer.id);
    const { applied } = await order([{ itemId: 104, quantity: 2 }]);
    expect(applied.find((a) => a.offer_id === offer.id)?.amount_cents).toBeGreaterThan(0);
    await remove((await listed()).offers.find((o) => o.id === offer.id)!);
  });

  test('free_delivery and free_item: served by the public routes with their conditions', async () => {
    const delivery = await create({
      name: 'Livraison offerte le midi',
      type: 'free_delivery',
      value: 0,
      items: [],
      delivery_pickup: 'delivery',
      minimum_amount: 25,
      active_times: [{ days: ['tue', 'wed'], start: '11:30', end: '14:00' }],
    });
    const gift = await create({ name: 'Saucisson offert', type: 'free_item', value: 0, items: [104], categories: [3], auto_apply: 'No', code: 'SAUCISSON' });
    expect((await publicOffers()).find((o) => o.id === delivery.id)).toMatchObject({
      type: 'free_delivery',
      delivery_pickup: 'delivery',
      minimum_amount: 25,
      active_times: [{ days: ['tue', 'wed'], start: '11:30', end: '14:00' }],
    });
    expect(await fetchCoupon(server.baseUrl, 'saucisson')).toMatchObject({ id: gift.id, type: 'free_item', items: [104], categories: [3] });
    expect((await remove(delivery)).outcome).toBe('deleted');
    expect((await remove(gift)).outcome).toBe('deleted');
    expect((await publicOffers()).map((o) => o.id)).not.toContain(delivery.id);
    expect(await fetchCoupon(server.baseUrl, 'SAUCISSON')).toBeNull();
  });
});

describe('pause, edit and stale versions', () => {
  test('a paused offer is not applied, a paused coupon is refused; resumed, both apply again', async () => {
    const auto = await create({ name: 'Pause automatique', value: 20 });
    const coupon = await create({ name: 'Pause code', value: 5, auto_apply: 'No', code: 'PAUSE5', items: [] });
    const pausedAuto = payloadOf(await call<BackOfficeOffer>('POST', `/offers/${auto.id}/active`, { is_active: false, expected_version: auto.version }));
    const pausedCoupon = payloadOf(await call<BackOfficeOffer>('POST', `/offers/${coupon.id}/active`, { is_active: false, expected_version: coupon.version }));
    expect(pausedAuto.is_active).toBe(false);
    expect(pausedAuto.version).toBeGreaterThan(auto.version);
    expect((await order([{ itemId: 101, quantity: 2 }])).applied.map((a) => a.offer_id)).not.toContain(auto.id);
    const refused = await getJson(server.baseUrl, '/v2/public/offers/PAUSE5');
    expect(errorOf(refused).code).toBe('coupon_expired');
    const payload = await buildOrderPayload(server, { lines: [{ itemId: 101, quantity: 2 }] });
    const withCode = await postOrder(server.baseUrl, { ...payload, coupon: 'PAUSE5' });
    expect(withCode.status).toBeGreaterThanOrEqual(400);
    expect(looksFrench(errorOf(withCode).message)).toBe(true);

    const resumed = payloadOf(await call<BackOfficeOffer>('POST', `/offers/${auto.id}/active`, { is_active: true, expected_version: pausedAuto.version }));
    expect(resumed.is_active).toBe(true);
    expect((await order([{ itemId: 101, quantity: 2 }])).applied.map((a) => a.offer_id)).toContain(auto.id);
    payloadOf(await call('POST', `/offers/${coupon.id}/active`, { is_active: true, expected_version: pausedCoupon.version }));
    expect((await fetchCoupon(server.baseUrl, 'PAUSE5'))?.id).toBe(coupon.id);

    const [entry] = await server.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.entityId, String(auto.id)))
      .orderBy(desc(auditLog.id))
      .limit(1);
    expect(entry).toMatchObject({ entity: 'offer', action: 'resume', staffName: 'Margot Lefèvre', summary: 'Offre « Pause automatique » reprise' });
    const pauses = await server.db.select().from(auditLog).where(eq(auditLog.action, 'pause'));
    expect(pauses.map((p) => p.summary)).toContain('Offre « Pause automatique » mise en pause');
    expect(pauses.find((p) => p.entityId === String(auto.id))?.before).toMatchObject({ is_active: true });
    expect(pauses.find((p) => p.entityId === String(auto.id))?.after).toMatchObject({ is_active: false });
    await remove((await listed()).offers.find((o) => o.id === auto.id)!);
    await remove((await listed()).offers.find((o) => o.id === coupon.id)!);
  });

  test('an edit replaces the whole offer; one based on an old version is refused with the current values, nothing written', async () => {
    const offer = await create({ name: 'Avant', value: 10 });
    const first = await call<BackOfficeOffer>('PUT', `/offers/${offer.id}`, { ...offerBody({ name: 'Après', value: 15 }), expected_version: offer.version });
    expect(first.status).toBe(200);
    expect(payloadOf(first)).toMatchObject({ name: 'Après', value: 15 });
    expect((await publicOffers()).find((o) => o.id === offer.id)?.value).toBe(15);

    const stale = await call('PUT', `/offers/${offer.id}`, { ...offerBody({ name: 'Deuxième onglet', value: 30 }), expected_version: offer.version });
    expect(stale.status).toBe(409);
    const error = errorOf(stale);
    expect(error.code).toBe('stale_edit');
    expect(looksFrench(error.message)).toBe(true);
    expect((error as { payload?: { current: BackOfficeOffer } }).payload?.current).toMatchObject({
      id: offer.id,
      name: 'Après',
      value: 15,
      version: payloadOf(first).version,
    });
    const staleDelete = await call('DELETE', `/offers/${offer.id}?expected_version=${offer.version}`);
    expect(errorOf(staleDelete).code).toBe('stale_edit');
    const [row] = await server.db.select().from(offers).where(eq(offers.id, offer.id));
    expect(row).toMatchObject({ name: 'Après', value: 1500 });
    await remove(payloadOf(first));
    const gone = await call('PUT', `/offers/${offer.id}`, { ...offerBody(), expected_version: payloadOf(first).version });
    expect(gone.status).toBe(409);
    expect((errorOf(gone) as { payload?: { current: unknown } }).payload?.current).toBeNull();
  });
});

describe('refusals on the field, nothing written', () => {
  async function offerCount() {
    return (await server.db.select({ id: offers.id }).from(offers)).length;
  }

  test('a code another offer has (any case, archived ones too) → 409 already_used on `code`', async () => {
    const before = await offerCount();
    for (const code of ['BIENVENUE10', 'bienvenue10', 'OEUFS-3']) {
      const answer = await call('POST', '/offers', offerBody({ auto_apply: 'No', code }));
      expect(answer.status, code).toBe(409);
      const error = errorOf(answer);
      expect(error.code).toBe('already_used');
      expect(error.errors).toEqual([{ path: 'code', message: expect.stringContaining(code.toUpperCase()) }]);
      expect(looksFrench(error.message)).toBe(true);
    }
    // Its own code is not "another offer's".
    const own = await create({ auto_apply: 'No', code: 'A-MOI' });
    expect(
      (await call('PUT', `/offers/${own.id}`, { ...offerBody({ auto_apply: 'No', code: 'a-moi', name: 'Renommée' }), expected_version: own.version })).status,
    ).toBe(200);
    const taken = await call('PUT', `/offers/${own.id}`, { ...offerBody({ auto_apply: 'No', code: 'MOINS5' }), expected_version: own.version + 1 });
    expect(errorOf(taken).code).toBe('already_used');
    expect(await offerCount()).toBe(before + 1);
    await remove((await listed()).offers.find((o) => o.id === own.id)!);
  });

  test.each([
    ['a percentage of 120', { value: 120 }, 'value', 'Un pourcentage ne dépasse pas 100.'],
    ['a cheapest_item of 150 %', { type: 'cheapest_item', value: 150 }, 'value', 'Un pourcentage ne dépasse pas 100.'],
    ['an unknown dish in scope', { items: [101, 9999] }, 'items.1', 'Référence inconnue : 9999.'],
    ['an unknown category', { items: [], categories: [77] }, 'categories.0', 'Référence inconnue : 77.'],
    ['an empty name', { name: '' }, 'name', null],
    ['a coupon without its code', { auto_apply: 'No', code: null }, 'code', 'Saisissez le code que le client tapera.'],
    ['a code with spaces', { auto_apply: 'No', code: 'DEUX MOTS' }, 'code', 'Code attendu en majuscules, chiffres, - ou _ (3 à 30).'],
    ['a free_item without its gift', { type: 'free_item', value: 0, items: [] }, 'items', 'Choisissez l’article offert.'],
    ['a fixed amount of 0 €', { type: 'fixed_amount', value: 0 }, 'value', 'Indiquez le montant de la remise.'],
    ['a window without days', { active_times: [{ days: [], start: '11:00', end: '14:00' }] }, 'active_times.0.days', null],
    [
      'a window at 25:00',
      { active_times: [{ days: ['mon'], start: '25:00', end: '14:00' }] },
      'active_times.0.start',
      'Heure attendue au format HH:MM (ex. 19:30).',
    ],
    ['a negative minimum', { minimum_amount: -5 }, 'minimum_amount', null],
  ] as const)('%s → 400 on its field', async (_label, fields, path, message) => {
    const before = await offerCount();
    const answer = await call('POST', '/offers', offerBody(fields as Partial<OfferEditInput>));
    expect(answer.status).toBe(400);
    const error = errorOf(answer);
    expect(error.code).toBe('invalid_request');
    const onField = error.errors.find((e) => e.path === path);
    expect(onField, JSON.stringify(error.errors)).toBeDefined();
    if (message) expect(onField!.message).toBe(message);
    expect(looksFrench(onField!.message)).toBe(true);
    expect(await offerCount()).toBe(before);
  });

  test('an archived dish may no longer be named', async () => {
    const { items } = await import('../../db/schema.ts');
    await server.db.update(items).set({ archivedAt: now }).where(eq(items.itemId, 129));
    const answer = await call('POST', '/offers', offerBody({ items: [129] }));
    expect(errorOf(answer).errors).toEqual([{ path: 'items.0', message: 'Référence inconnue : 129.' }]);
    expect((await listed()).scope.flatMap((m) => m.categories.flatMap((c) => c.items.map((i) => i.item_id)))).not.toContain(129);
    await server.db.update(items).set({ archivedAt: null }).where(eq(items.itemId, 129));
  });
});

describe('roles', () => {
  test('a staff member may not read or change offers (403), nobody without a session (401)', async () => {
    const offer = (await listed()).offers[0]!;
    for (const [method, path, body] of [
      ['GET', '/offers', undefined],
      ['POST', '/offers', offerBody()],
      ['PUT', `/offers/${offer.id}`, { ...offerBody(), expected_version: offer.version }],
      ['POST', `/offers/${offer.id}/active`, { is_active: false, expected_version: offer.version }],
      ['DELETE', `/offers/${offer.id}?expected_version=${offer.version}`, undefined],
    ] as const) {
      const asStaff = await call(method, path, body, staff.cookie);
      expect(asStaff.status, `${method} ${path}`).toBe(403);
      expect(errorOf(asStaff).code).toBe('staff_forbidden');
      expect((await call(method, path, body, null)).status).toBe(401);
    }
    expect((await listed()).offers.find((o) => o.id === offer.id)).toEqual(offer);
  });
});

describe('usage, archive and delete', () => {
  test('usage counts placed orders and their reductions, not rejected ones; a used offer is archived, its code kept', async () => {
    const offer = await create({ name: 'Usage', type: 'fixed_amount', value: 2, auto_apply: 'No', code: 'USAGE2' });
    const first = await order([{ itemId: 101, quantity: 2 }], 'USAGE2');
    await order([{ itemId: 101, quantity: 1 }], 'usage2');
    const refused = await order([{ itemId: 101, quantity: 3 }], 'USAGE2');
    payloadOf(await act(server, staff.cookie, refused.orderId, { action: 'reject', expected_status: 'pending', reason: 'too_many_orders' }));
    expect(first.applied).toContainEqual(expect.objectContaining({ offer_id: offer.id, amount_cents: 200 }));

    const seen = (await listed()).offers.find((o) => o.id === offer.id)!;
    expect(seen.usage).toEqual({ orders: 2, cost: 4 });
    // Another offer's usage is its own.
    expect((await listed()).offers.find((o) => o.id === 51)?.usage.orders).toBe(0);

    expect(await remove(seen)).toEqual({ outcome: 'archived' });
    const [row] = await server.db.select().from(offers).where(eq(offers.id, offer.id));
    expect(row?.archivedAt).not.toBeNull();
    expect((await listed()).offers.map((o) => o.id)).not.toContain(offer.id);
    expect(await fetchCoupon(server.baseUrl, 'USAGE2')).toBeNull();
    expect(errorOf(await call('POST', '/offers', offerBody({ auto_apply: 'No', code: 'USAGE2' }))).code).toBe('already_used');

    const unused = await create({ name: 'Jamais utilisée' });
    expect(unused.id).toBeGreaterThan(offer.id);
    expect(await remove(unused)).toEqual({ outcome: 'deleted' });
    expect(await server.db.select().from(offers).where(eq(offers.id, unused.id))).toEqual([]);

    const entries = await server.db.select().from(auditLog).where(eq(auditLog.entity, 'offer'));
    expect(entries.find((e) => e.entityId === String(offer.id) && e.action === 'archive')?.summary).toBe(
      'Offre « Usage » archivée (utilisée par des commandes)',
    );
    expect(entries.find((e) => e.entityId === String(unused.id) && e.action === 'delete')?.summary).toBe('Offre « Jamais utilisée » supprimée');
    expect(entries.find((e) => e.entityId === String(unused.id) && e.action === 'create')).toMatchObject({
      summary: 'Offre « Jamais utilisée » créée',
      before: null,
      after: { name: 'Jamais utilisée' },
    });
  });
});
