import { afterAll, beforeAll, expect, test } from 'vitest';
import type { CustomerDetail } from '@resto/contract/customers';
import { customerRecordKeys, customerRecords } from '../../db/schema.ts';
import { payloadOf, startTestServer, type TestServer } from '../../test/harness.ts';
import { createTestStaff, staffRequest, type TestStaff } from '../../test/staff.ts';
import { placeCashOrder } from '../board/test-helpers.ts';

/**
 * Two first writes about one customer at once (docs/decisions/037-customers.md), on PostgreSQL
 * only (PGlite runs one transaction at a time): a note and a flag sent together by two screens
 * make one record holding both, its keys all pointing at it — never a second record left without
 * keys, its note lost.
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
