import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { SalesReportAnswer } from '@resto/contract/books-reports';
import type { BoardOrder } from '@resto/contract/board';
import type { EntryBody } from '@resto/domain/books';
import { errorOf, looksFrench, payloadOf, startTestServer, type TestServer } from '../../test/harness.ts';
import { createTestStaff, staffRequest, type TestStaff } from '../../test/staff.ts';
import { act, board, placeCashOrder, placePaidCardOrder } from '../board/test-helpers.ts';
import { closeDaysThrough } from './closures.ts';
import { customersOf } from './reports.ts';

/**
 * The owner's sales report, GET /v2/restaurant/books/report (docs/decisions/031), over real HTTP on
 * PGlite (and PostgreSQL with DATABASE_URL): real cash orders paid at the counter, one refused, a
 * test-processor card order that stays out (simulation); the day's report equals its closure to the cent.
 */

// Tuesday 24 November 2026, 12:30 in Paris (the demo restaurant is open; closed on Mondays).
const now = new Date('2026-11-24T11:30:00Z');
let server: TestServer;
let owner: TestStaff;
let karim: TestStaff;

beforeAll(async () => {
  server = await startTestServer({ clock: () => now });
  owner = await createTestStaff(server.db, { now, role: 'owner', name: 'Margot Lefèvre' });
  karim = await createTestStaff(server.db, { now, name: 'Karim Benali' });
});
afterAll(async () => server?.close());

const report = (who: TestStaff, query: string) => staffRequest<SalesReportAnswer>(server, who.cookie, 'GET', `/v2/restaurant/books/report${query}`);
const cents = (euros: number) => Math.round(euros * 100);

describe('the sales report', () => {
  test('the day’s figures: sales, VAT, means of payment, orders, basket, dishes, hours, customers; equal to the closure to the cent', async () => {
    const orders: BoardOrder[] = [];
    for (const email of ['lea@example.fr', 'lea@example.fr', 'tom@example.fr']) {
      const { orderId } = await placeCashOrder(server, { customer: { first_name: 'Léa', last_name: 'Martin', email, phone: '+33612345678' } });
      const total = payloadOf(await board(server, karim.cookie)).orders.find((o) => o.order_id === orderId)!.total;
      const paid = payloadOf(
        await staffRequest<{ order: BoardOrder }>(server, karim.cookie, 'POST', `/v2/restaurant/orders/${orderId}/payments`, {
          tenders: [{ means: 'cash', amount: total }],
          expected_paid: 0,
        }),
      );
      orders.push(paid.order);
    }
    const refused = await placeCashOrder(server);
    payloadOf(await act(server, karim.cookie, refused.orderId, { action: 'reject', expected_status: 'pending', reason: 'too_many_orders' }));
    await placePaidCardOrder(server); // the test processor: simulation chain, not in the report

    const answer = payloadOf(await report(owner, '?period=day&from=2026-11-24'));
    const sold = orders.reduce((sum, o) => sum + cents(o.total), 0);
    expect(cents(answer.total_ttc)).toBe(sold);
    expect(answer).toMatchObject({ period: { kind: 'day', from: '2026-11-24', to: '2026-11-24' }, live: true, orders: 3 });
    expect(answer.counts).toMatchObject({ receipts: 4, credit_notes: 1 });
    expect(cents(answer.payments.cash)).toBe(sold);
    expect(cents(answer.average_basket)).toBe(Math.round(sold / 3));
    expect(answer.orders_per_hour[12]).toBe(4);
    expect(answer.customers).toEqual({ new: 2, returning: 0 }); // Léa twice, Tom (the refused order's customer bought nothing)
    expect(answer.dishes.length).toBeGreaterThan(0);
    // The dishes' amounts (what was charged for them, offers taken off) plus delivery fees are the sales.
    expect(answer.dishes.reduce((sum, d) => sum + cents(d.total_ttc), 0) + cents(answer.delivery_fees)).toBe(sold);
    expect(answer.discounts).toBeGreaterThan(0); // the demo's automatic offer

    // Closed: the day's closure says the same, to the cent.
    const signer = await server.deps.books.signer();
    const [closed] = await closeDaysThrough(server.db, signer, 'live', '2026-11-24', now);
    const content = JSON.parse(closed!.day.content) as { body: EntryBody };
    if (content.body.kind !== 'closure') throw new Error('not a closure');
    const closure = content.body.closure;
    const after = payloadOf(await report(owner, '?period=day&from=2026-11-24'));
    expect(after.live).toBe(false);
    expect([cents(after.total_ttc), cents(after.total_ht), cents(after.total_vat)]).toEqual([closure.total_ttc, closure.total_ht, closure.total_vat]);
    expect(after.vat.map((v) => [v.rate * 100, cents(v.total_ht), cents(v.total_vat), cents(v.total_ttc)])).toEqual(
      closure.vat.map((v) => [v.vat_rate, v.total_ht, v.total_vat, v.total_ttc]),
    );
    for (const [means, amount] of Object.entries(closure.payments)) expect(cents(after.payments[means as keyof typeof after.payments])).toBe(amount);
    for (const [channel, amount] of Object.entries(closure.channels)) expect(cents(after.channels[channel as keyof typeof after.channels])).toBe(amount);
    expect(after.counts).toEqual(closure.counts);
    expect([cents(after.discounts), cents(after.delivery_fees)]).toEqual([closure.discounts, closure.delivery_fees]);

    // The week and the month hold that day.
    for (const period of ['week', 'month'])
      expect(cents(payloadOf(await report(owner, `?period=${period}&from=2026-11-24`)).total_ttc)).toBe(closure.total_ttc);
    // A returning customer the next day; the day before holds nothing.
    expect(payloadOf(await report(owner, '?period=day&from=2026-11-23'))).toMatchObject({ total_ttc: 0, orders: 0, customers: { new: 0, returning: 0 } });
  });

  test('refusals: a bad day, an end before the start, a range too long (French, on the field); the owner’s only', async () => {
    for (const [query, field] of [
      ['?period=day&from=2026-02-30', 'from'],
      ['?period=range&from=2026-11-10&to=2026-11-01', 'to'],
      ['?period=range&from=2025-01-01&to=2026-06-01', 'to'],
    ] as const) {
      const answer = await report(owner, query);
      expect(answer.status).toBe(400);
      const error = errorOf(answer);
      expect(error.code).toBe('invalid_request');
      expect(error.errors?.[0]?.path).toBe(field);
      expect(looksFrench(error.message)).toBe(true);
    }
    expect((await report(karim, '')).status).toBe(403);
    expect((await staffRequest(server, null, 'GET', '/v2/restaurant/books/report')).status).toBe(401);
  });

  test('a period of more orders than the protocol has parameters (65,535) is read in one query', async () => {
    const ids = Array.from({ length: 70_000 }, (_, i) => 10_000_000 + i);
    expect(await customersOf(server.db, ids, '2026-01-01')).toEqual({ new: 0, returning: 0 });
  });
});
