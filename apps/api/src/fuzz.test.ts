import { afterAll, beforeAll, expect, test } from 'vitest';
import { buildOrderPayload, startTestServer, type TestServer } from './test/harness.ts';
import { fuzzEndpoints, fuzzRequests, sendFuzz } from './test/fuzz.ts';

/**
 * docs/decisions/014, fuzzing: 200 malformed requests per public endpoint against the real server (bench/
 * fuzz.bench.ts sends 10,000): no 5xx, no request left without an answer, every error answer with
 * a code of the contract (packages/contract/src/errors.ts), the server still up.
 */
const perEndpoint = 200;
const now = new Date('2025-11-28T11:00:00Z'); // Friday noon in Paris: open
let server: TestServer;
let order: Record<string, unknown>;
beforeAll(async () => {
  server = await startTestServer({ clock: () => now });
  order = (await buildOrderPayload(server)) as unknown as Record<string, unknown>;
});
afterAll(async () => {
  await server?.close();
});

test(`${perEndpoint} malformed requests per public endpoint: no 5xx, every one answered`, async () => {
  const endpoints = fuzzEndpoints(order);
  const problems: string[] = [];
  for (const [index, endpoint] of endpoints.entries()) {
    const tally = await sendFuzz(server.baseUrl, endpoint.name, fuzzRequests(endpoint, perEndpoint, 17_000 + index), 4);
    problems.push(...tally.serverErrors.slice(0, 3).map((e) => `${endpoint.name}: ${e}`));
    // Every error answer carries a code of the contract's enum, with that code's status.
    problems.push(...tally.uncoded.slice(0, 3).map((e) => `${endpoint.name}: ${e}`));
  }
  expect(problems).toEqual([]);
  expect((await fetch(`${server.baseUrl}/v2/health`)).status).toBe(200);
}, 600_000);
