import { eq } from 'drizzle-orm';
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
