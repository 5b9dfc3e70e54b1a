import { afterAll, beforeAll, expect, test } from 'vitest';
import type { Database } from '../../db/client.ts';
import { demoHistoryOrders } from '../../seeding/demo-history.ts';
import { seedDemoIfEmpty } from '../../seeding/demo-restaurant.ts';
import { startTestServer, type TestServer } from '../../test/harness.ts';
import { DiscoveryService } from './service.ts';

/**
 * docs/decisions/014, fuzzing: bursts of POST /v2/recommendations with 100 cart ids each ran their own
 * co-occurrence query, one after the other on PGlite's single connection. Ids of no orderable
 * dish are dropped, at most 20 cart dishes are looked at, and one set of dishes' co-occurrence is
 * queried once while the counts do not move (docs/decisions/004), concurrent requests sharing the query in flight.
 */
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ seed: false });
  await seedDemoIfEmpty(server.db, { history: demoHistoryOrders });
  await server.deps.discovery.counts.catchUp(); // the history folded, as the server's timer does at start
}, 120_000);
afterAll(async () => {
  await server?.close();
});

/** The discovery service on a database that counts the SQL statements it is given (the counts' fold: the server's own). */
function countingDiscovery() {
  const counter = { statements: 0 };
  const db = new Proxy(server.db, {
    get(target, key, receiver) {
      if (key === 'execute')
        return (...args: unknown[]) => {
          counter.statements += 1;
          return (target.execute as (...a: unknown[]) => unknown).apply(target, args);
        };
      return Reflect.get(target, key, receiver) as unknown;
    },
  }) as Database;
  return { discovery: new DiscoveryService(db, server.deps.catalog, () => new Date(), server.deps.discovery.counts), counter };
}

const heavyCart = (shift: number) => Array.from({ length: 100 }, (_, i) => 101 + ((i + shift) % 100));

test('40 concurrent requests for one set of dishes run one co-occurrence query, and agree', async () => {
  const { discovery, counter } = countingDiscovery();
  await discovery.recommendations([101], 12); // warm: the popular dishes are kept a minute
  counter.statements = 0;
  const answers = await Promise.all(Array.from({ length: 40 }, (_, shift) => discovery.recommendations(heavyCart(shift), 12)));
  expect(counter.statements).toBe(1);
  for (const answer of answers) expect(answer).toEqual(answers[0]);
  // Again (cached: the counts did not move), no query at all.
  await discovery.recommendations(heavyCart(7), 12);
  expect(counter.statements).toBe(1);
}, 60_000);

test('ids of no dish neither cost a query nor change the answer', async () => {
  const { discovery, counter } = countingDiscovery();
  const real = await discovery.recommendations([105, 121], 12);
  counter.statements = 0;
  const padded = await discovery.recommendations([121, 105, ...Array.from({ length: 98 }, (_, i) => 2_147_483_000 + i)], 12);
  expect(padded).toEqual(real);
  expect(counter.statements).toBe(0); // the same dishes: the answer kept
  const none = await discovery.recommendations(Array.from({ length: 100 }, (_, i) => 2_147_483_000 + i), 12);
  expect(none).toHaveLength(12);
  expect(counter.statements).toBe(0); // no orderable dish in the cart: no co-occurrence query
});
