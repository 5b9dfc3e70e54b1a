import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { orderEvents, orders } from '../../db/schema.ts';
import { payloadOf, startTestServer, type TestServer } from '../../test/harness.ts';
import { createTestStaff, type TestStaff } from '../../test/staff.ts';
import { phoneOrderPayload, postPhoneOrder } from './test-helpers.ts';

/**
 * A phone order submitted twice at once with one local_id, on PostgreSQL (requests really run
 * together; PGlite serialises them): one order, one `placed` and one `accepted` event, both answers
 * name it (docs/decisions/036-phone-orders.md).
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

test('the same phone order sent twice at once: one order, accepted once', async () => {
  const body = await phoneOrderPayload(server);
  const answers = await Promise.all([postPhoneOrder(server, staff.cookie, body), postPhoneOrder(server, staff.cookie, body)]);
  expect(answers.map((a) => a.status).sort()).toEqual([200, 201]);
  const ids = new Set(answers.map((a) => payloadOf(a).order_id));
  expect(ids.size).toBe(1);
  const rows = await server.db.select().from(orders).where(eq(orders.localId, body.local_id));
  expect(rows).toHaveLength(1);
  expect(rows[0]!.status).toBe('accepted');
  const events = await server.db.select().from(orderEvents).where(eq(orderEvents.orderId, rows[0]!.orderId));
  expect(events.map((e) => e.type).sort()).toEqual(['accepted', 'placed']);
});

// The second request's write used to wait on the first's accept while holding the event ids'
// counter that accept waited for: a deadlock, a 500 in about one run in five of these 40 pairs on a
// loaded machine (docs/decisions/036 « Sent twice at once »).
test('forty phone orders each sent twice at once: every pair answered 201 and 200, never a deadlock', async () => {
  const answered: string[] = [];
  const localIds: string[] = [];
  for (let i = 0; i < 40; i++) {
    const body = await phoneOrderPayload(server, {}, i % 2 ? {} : { email: `double.${i}@example.com` });
    localIds.push(body.local_id);
    const answers = await Promise.all([postPhoneOrder(server, staff.cookie, body), postPhoneOrder(server, staff.cookie, body)]);
    answered.push(answers.map((a) => a.status).sort().join(' '));
  }
  expect(answered).toEqual(Array.from({ length: 40 }, () => '200 201'));
  const written = await server.db.select({ status: orders.status }).from(orders).where(inArray(orders.localId, localIds));
  expect(written.map((row) => row.status)).toEqual(localIds.map(() => 'accepted'));
});
