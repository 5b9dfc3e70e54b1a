/**
 * From saving a setting to a new visitor seeing it (docs/decisions/023-back-office.md).
 * The owner saves a delivery zone's fee (PATCH /v2/restaurant/settings) ROUNDS times; after each
 * answer, GET /v2/public/settings and the checkout's quote (GET /v2/public/locations/distance) are
 * polled every 10 ms until they show the new fee. Two runs: PGlite, one server (the saving
 * instance rebuilds its catalogue at once), and PostgreSQL with two API instances on one database
 * (the other instance checks the catalogue version at most every second). Goal: under 1 s.
 * Run: node --import tsx bench/settings.bench.ts   (PostgreSQL: DATABASE_URL or 127.0.0.1:5432)
 */
import { getJson, payloadOf, request, startTestServer, type TestServer } from '../apps/api/src/test/harness.ts';
import { createTestStaff } from '../apps/api/src/test/staff.ts';
import { freshPostgresDatabase, openNow, percentile, postgresAdminUrl } from './lib/server-process.ts';

const rounds = Number(process.env.ROUNDS ?? 20);
const adminUrl = await postgresAdminUrl();
delete process.env.DATABASE_URL;

type Setting = { name: string; value: unknown; version: number };
const zones = (fee: number) => [{ name: 'Presqu’île', city: 'Lyon', postal_code: '69002', delivery_fee: fee, flat_charge: 2, minimum_order: 15 }];
const quotePath = `/v2/public/locations/distance?location=${encodeURIComponent('commune:69382:69002:8 rue Mercière')}`;

async function until(check: () => Promise<boolean>): Promise<void> {
  const deadline = performance.now() + 30_000;
  while (!(await check())) {
    if (performance.now() > deadline) throw new Error('pas visible après 30 s');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

/** Saves on `writer`, then measures until `reader` shows it: ms to the settings list and to the quote. */
async function run(label: string, writer: TestServer, reader: TestServer): Promise<void> {
  const owner = await createTestStaff(writer.db, { role: 'owner', now: openNow });
  const settingsMs: number[] = [];
  const quoteMs: number[] = [];
  for (let i = 1; i <= rounds; i += 1) {
    const fee = (100 + i) / 100;
    const list = payloadOf(await request<Setting[]>(writer.baseUrl, '/v2/restaurant/settings', { headers: { Cookie: owner.cookie } }));
    const version = list.find((s) => s.name === 'features.delivery.zones')?.version ?? 0;
    const saved = await request(writer.baseUrl, '/v2/restaurant/settings', {
      method: 'PATCH',
      headers: { 'Content-Type': 'application/json', Cookie: owner.cookie },
      body: JSON.stringify({ changes: [{ name: 'features.delivery.zones', value: zones(fee), expected_version: version }] }),
    });
    if (saved.status !== 200) throw new Error(`PATCH ${saved.status}`);
    const answered = performance.now();
    await until(async () => {
      const settings = payloadOf(await getJson<{ name: string; value: unknown }[]>(reader.baseUrl, '/v2/public/settings'));
      return (settings.find((s) => s.name === 'features.delivery.zones')?.value as { delivery_fee: number }[])[0]?.delivery_fee === fee;
    });
    settingsMs.push(performance.now() - answered);
    await until(async () => payloadOf(await getJson<{ delivery_cost: number }>(reader.baseUrl, quotePath)).delivery_cost === fee);
    quoteMs.push(performance.now() - answered);
  }
  const line = (values: number[]) => `median ${percentile(values, 50).toFixed(0)} ms, p95 ${percentile(values, 95).toFixed(0)} ms, max ${Math.max(...values).toFixed(0)} ms`;
  console.log(`${label} (${rounds} saves): GET /v2/public/settings shows it after ${line(settingsMs)}; the quote after ${line(quoteMs)}`);
}

const single = await startTestServer({ clock: () => openNow });
try {
  await run('PGlite, one instance', single, single);
} finally {
  await single.close();
}

if (adminUrl) {
  const database = await freshPostgresDatabase(adminUrl);
  const a = await startTestServer({ clock: () => openNow, databaseUrl: database.url });
  const b = await startTestServer({ clock: () => openNow, databaseUrl: database.url, seed: false });
  try {
    await run('PostgreSQL, saved on A, read on A', a, a);
    await run('PostgreSQL, saved on A, read on B', a, b);
  } finally {
    await b.close();
    await a.close();
    await database.drop();
  }
} else console.log('PostgreSQL: no server on DATABASE_URL or 127.0.0.1:5432, two-instance run left out');
