import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, expect, test } from 'vitest';

/**
 * Migration 0011 (docs/decisions/019-the-orders-life.md, section 2): the rows of
 * `order_status_history` become order events, ids from the 'order_event' counter in time order,
 * then the old table goes. The migrations before it run as written, on PGlite, with orders and a
 * history as they were; then 0011.
 */

const folder = join(dirname(fileURLToPath(import.meta.url)), '../../drizzle');
const files = readdirSync(folder)
  .filter((name) => name.endsWith('.sql'))
  .sort();
const run = async (db: PGlite, file: string) => {
  for (const statement of readFileSync(join(folder, file), 'utf8').split('--> statement-breakpoint')) if (statement.trim()) await db.exec(statement);
};

let db: PGlite;
beforeAll(async () => {
  db = new PGlite();
  for (const file of files.filter((name) => name < '0011')) await run(db, file);
});
afterAll(async () => db?.close());

test('0011 copies the status history as events in time order, sets the counter, drops the old table', async () => {
  const order = (local: string) =>
    `insert into orders (local_id, is_pickup, payment_method, customer, subtotal_cents, discount_cents, delivery_cents, tax_cents, total_cents, tax_by_rate, status)
     values ('${local}', true, 'card', '{"first_name":"A","last_name":"B","email":"a@b.fr","phone":"0600000000"}', 100, 0, 0, 10, 100, '[]', 'ready') returning order_id`;
  const first = (await db.query<{ order_id: number }>(order('a'))).rows[0]!.order_id;
  const second = (await db.query<{ order_id: number }>(order('b'))).rows[0]!.order_id;
  // Rows interleaved: the second order's steps between the first's, ids not in time order.
  await db.exec(`insert into order_status_history (order_id, status, at) values
    (${first}, 'pending', '2026-11-20T10:00:00Z'), (${second}, 'pending', '2026-11-20T10:01:00Z'),
    (${first}, 'paid', '2026-11-20T10:02:00Z'), (${first}, 'accepted', '2026-11-20T10:04:00Z'),
    (${second}, 'paid', '2026-11-20T10:03:00Z'), (${first}, 'ready', '2026-11-20T10:20:00Z')`);
  await run(db, files.find((name) => name.startsWith('0011'))!);

  const events = (await db.query<{ id: number; order_id: number; type: string; from_status: string | null; to_status: string; actor: string }>(
    'select id, order_id, type, from_status, to_status, actor from order_events order by id',
  )).rows;
  expect(events).toEqual([
    { id: 1, order_id: first, type: 'placed', from_status: null, to_status: 'pending', actor: 'customer' },
    { id: 2, order_id: second, type: 'placed', from_status: null, to_status: 'pending', actor: 'customer' },
    { id: 3, order_id: first, type: 'paid', from_status: 'pending', to_status: 'paid', actor: 'payment' },
    { id: 4, order_id: second, type: 'paid', from_status: 'pending', to_status: 'paid', actor: 'payment' },
    { id: 5, order_id: first, type: 'accepted', from_status: 'paid', to_status: 'accepted', actor: 'staff' },
    { id: 6, order_id: first, type: 'ready', from_status: 'accepted', to_status: 'ready', actor: 'staff' },
  ]);
  expect((await db.query<{ last: number }>(`select last from document_counters where name = 'order_event'`)).rows[0]?.last).toBe(6);
  expect((await db.query<{ n: number }>(`select count(*)::int as n from information_schema.tables where table_name = 'order_status_history'`)).rows[0]?.n).toBe(0);
});
