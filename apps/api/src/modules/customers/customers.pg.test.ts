import { afterAll, beforeAll, expect, test } from 'vitest';
import { sql } from 'drizzle-orm';
import type { CustomerDetail, CustomerList } from '@resto/contract/customers';
import { customerRecordKeys, customerRecords } from '../../db/schema.ts';
import { payloadOf, startTestServer, type TestServer } from '../../test/harness.ts';
import { createTestStaff, staffRequest, type TestStaff } from '../../test/staff.ts';
import { placeCashOrder } from '../board/test-helpers.ts';

/**
 * Two first writes about one customer at once (docs/decisions/037-customers.md), on PostgreSQL
 * only (PGlite runs one transaction at a time): a note and a flag sent together by two screens
 * make one record holding both, its keys all pointing at it — never a second record left without
 * keys, its note lost. And two instances (two servers on one database) writing at once orders
 * that share keys — two new customers joined by a phone, a third order on one of their e-mails —
 * make one customer each time, never two (the merge rule).
 */

const tuesdayNoonParis = new Date('2026-11-24T11:30:00Z');
let server: TestServer;
let staff: TestStaff;

beforeAll(async () => {
  server = await startTestServer({ clock: () => tuesdayNoonParis });
  staff = await createTestStaff(server.db, { now: tuesdayNoonParis });
});
afterAll(async () => {
  await server?.close();
});

test('a note and a flag at once, twenty times over: one record with both', async () => {
  for (let round = 0; round < 20; round++) {
    const customer = {
      first_name: 'Inès',
      last_name: `Roux${round}`,
      email: `ines${round}@example.fr`,
      phone: `06 40 00 00 ${String(round).padStart(2, '0')}`,
    };
    await placeCashOrder(server, { customer });
    const key = encodeURIComponent(`email:ines${round}@example.fr`);
    const [noted, flagged] = await Promise.all([
      staffRequest<CustomerDetail>(server, staff.cookie, 'PUT', `/v2/restaurant/customers/${key}/note`, { note: `note ${round}` }),
      staffRequest<CustomerDetail>(server, staff.cookie, 'PUT', `/v2/restaurant/customers/${key}/mark`, { mark: 'flagged', reason: `motif ${round}` }),
    ]);
    payloadOf(noted);
    payloadOf(flagged);
    const after = payloadOf(await staffRequest<CustomerDetail>(server, staff.cookie, 'GET', `/v2/restaurant/customers/${key}`));
    expect(after.note.text).toBe(`note ${round}`);
    expect(after.mark).toMatchObject({ mark: 'flagged', reason: `motif ${round}` });
  }
  const records = await server.db.select().from(customerRecords);
  const keys = await server.db.select().from(customerRecordKeys);
  expect(records).toHaveLength(20);
  expect(keys).toHaveLength(40);
  expect(new Set(keys.map((k) => k.recordId)).size).toBe(20);
}, 120_000);

test('two instances, three orders of one new customer at once (two e-mails, one phone), twenty times over: one customer each time', async () => {
  const other = await startTestServer({ clock: () => tuesdayNoonParis, databaseUrl: server.databaseUrl! });
  try {
    for (let round = 0; round < 20; round++) {
      const phone = `07 50 00 00 ${String(round).padStart(2, '0')}`;
      const a = { first_name: 'Hugo', last_name: `Garnier${round}`, email: `hugo${round}@maison.fr`, phone };
      const b = { ...a, email: `hugo${round}@bureau.fr` };
      const c = { ...b, phone: `06 50 00 00 ${String(round).padStart(2, '0')}` };
      await Promise.all([
        placeCashOrder(server, { customer: a }),
        placeCashOrder(other, { customer: b }),
        placeCashOrder(round % 2 ? server : other, { customer: c }),
      ]);
      const found = payloadOf(await staffRequest<CustomerList>(server, staff.cookie, 'GET', `/v2/restaurant/customers?q=garnier${round}`));
      expect(found.total).toBe(1);
      expect(found.customers[0]).toMatchObject({ orders: 3, emails: [`hugo${round}@bureau.fr`, `hugo${round}@maison.fr`] });
    }
    const [row] = (
      await server.db.execute<{ n: number }>(
        sql`select count(distinct coalesce(r.merged_into, r.id))::int as n from orders o join customer_records r on r.id = o.customer_id where o.customer->>'last_name' like 'Garnier%'`,
      )
    ).rows;
    expect(row!.n).toBe(20);
  } finally {
    await other.close();
  }
}, 180_000);

test('two instances reading the list while both write orders: the stored figures end equal to the orders (docs/decisions/037, « The figures »)', async () => {
  const other = await startTestServer({ clock: () => tuesdayNoonParis, databaseUrl: server.databaseUrl! });
  const list = (on: TestServer, query = '') => staffRequest<CustomerList>(on, staff.cookie, 'GET', `/v2/restaurant/customers${query}`);
  try {
    for (let round = 0; round < 15; round++) {
      const customer = (n: number) => ({
        first_name: 'Lina',
        last_name: `Morel${n}`,
        email: `lina${n}@example.fr`,
        phone: `06 60 00 00 ${String(n).padStart(2, '0')}`,
      });
      // Two customers: each round, one order each, one from each instance, while both instances read.
      const [, , a, b] = await Promise.all([
        placeCashOrder(server, { customer: customer(round % 2) }),
        placeCashOrder(other, { customer: customer((round + 1) % 2) }),
        list(server, '?q=morel'),
        list(other, '?q=morel'),
      ]);
      payloadOf(a);
      payloadOf(b);
    }
    for (const on of [server, other]) {
      const found = payloadOf(await list(on, '?q=morel'));
      expect(found.customers.map((row) => row.orders)).toEqual([15, 15]);
      for (const row of found.customers) {
        const page = payloadOf(await staffRequest<CustomerDetail>(on, staff.cookie, 'GET', `/v2/restaurant/customers/${encodeURIComponent(row.key)}`));
        expect(row).toEqual(page.customer);
      }
    }
  } finally {
    await other.close();
  }
}, 180_000);
