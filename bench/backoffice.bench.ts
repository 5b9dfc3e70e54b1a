/**
 * « At once on the storefront » (docs/decisions/023-back-office.md): the time
 * from an owner's change to GET /v2/public/menus returning the new value. The change is a price
 * changed by an import from the browser's route (POST /v2/restaurant/import, through catalogEdit:
 * one transaction, audit entry, catalog_changed NOTIFY at commit). 50 changes each:
 * - PGlite: one API process, changed and read on it;
 * - PostgreSQL: two API processes on one database, changed on the first, read on the second
 *   (which learns it by LISTEN catalog_changed, or at its 1 s check at worst).
 * Prints p50/p99 of: the import's answer, and the first read showing the new price (from the
 * moment the import was sent). Goal: under 1 s.
 * Run: npm run bench:backoffice   (PostgreSQL part skipped without DATABASE_URL or 127.0.0.1:5432)
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freshPostgresDatabase, kill, percentile, postgresAdminUrl, startServer, type ServerProcess } from './lib/server-process.ts';

const edits = 50;
const itemId = 105;
const ownerToken = 'banc-premier-proprietaire-0123456789abcdef';
const basePort = Number(process.env.BENCH_PORT ?? 4730);

type Json = Record<string, unknown>;
interface FileShape {
  menus: { categories: { items: { item_id: number; price_pickup: number }[] }[] }[];
}

async function ownerCookie(baseUrl: string): Promise<string> {
  const response = await fetch(`${baseUrl}/v2/restaurant/invitations/${ownerToken}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ email: 'banc@chez-margot.example', password: 'Tarte-aux-quetsches-2026', name: 'Banc' }),
  });
  if (!response.ok) throw new Error(`propriétaire : ${response.status} ${await response.text()}`);
  const cookie = response.headers.getSetCookie().find((c) => c.startsWith('resto_staff='));
  return cookie!.split(';')[0]!;
}

async function json(baseUrl: string, path: string, cookie: string, init: RequestInit = {}): Promise<Json> {
  const response = await fetch(`${baseUrl}${path}`, { ...init, headers: { Cookie: cookie, 'Content-Type': 'application/json' } });
  const body = (await response.json()) as Json;
  if (!response.ok) throw new Error(`${path} : ${response.status} ${JSON.stringify(body)}`);
  return body;
}

async function menuPrice(baseUrl: string): Promise<number | undefined> {
  const body = (await (await fetch(`${baseUrl}/v2/public/menus`)).json()) as {
    payload: { categories: { items: { item_id: number; item_price: { price_pickup: number } }[] }[] }[];
  };
  for (const menu of body.payload)
    for (const category of menu.categories) for (const item of category.items) if (item.item_id === itemId) return item.item_price.price_pickup;
  return undefined;
}

/** 50 price changes through `writer`, each read back on `reader` as fast as it answers. */
async function run(label: string, writer: string, reader: string) {
  const cookie = await ownerCookie(writer);
  const file = (await fetch(`${writer}/v2/restaurant/export`, { headers: { Cookie: cookie } }).then((r) => r.json())) as FileShape;
  const item = file.menus.flatMap((m) => m.categories.flatMap((c) => c.items)).find((i) => i.item_id === itemId)!;
  const answered: number[] = [];
  const visible: number[] = [];
  let reads = 0;
  for (let i = 0; i < edits; i += 1) {
    item.price_pickup = Math.round((11 + (i + 1) / 100) * 100) / 100;
    const body = JSON.stringify(file);
    const preview = (await json(writer, '/v2/restaurant/import/preview', cookie, { method: 'POST', body })).payload as { catalog_version: number };
    const started = performance.now();
    const imported = json(writer, `/v2/restaurant/import?expected_catalog_version=${preview.catalog_version}`, cookie, { method: 'POST', body }).then(() =>
      answered.push(performance.now() - started),
    );
    for (;;) {
      reads += 1;
      if ((await menuPrice(reader)) === item.price_pickup) break;
      if (performance.now() - started > 10_000) throw new Error(`${label} : prix jamais vu après 10 s`);
    }
    visible.push(performance.now() - started);
    await imported;
  }
  const ms = (values: number[], p: number) => `${percentile(values, p).toFixed(0)} ms`;
  console.log(
    `${label.padEnd(34)} import répondu p50 ${ms(answered, 50)}, p99 ${ms(answered, 99)} · nouveau prix lu p50 ${ms(visible, 50)}, p99 ${ms(visible, 99)}, max ${ms(visible, 100)} · ${(reads / edits).toFixed(1)} lectures/modif.`,
  );
}

const started: ServerProcess[] = [];
const dirs: string[] = [];
const dir = () => {
  const d = mkdtempSync(join(tmpdir(), 'resto-bench-bo-'));
  dirs.push(d);
  return d;
};
const env = { STAFF_FIRST_OWNER_TOKEN: ownerToken };
try {
  console.log(`Banc back-office : ${edits} changements de prix (import), du POST au GET /v2/public/menus qui montre le nouveau prix.`);
  const pglite = await startServer({ port: basePort, dataDir: dir(), env });
  started.push(pglite);
  await run('PGlite, une instance', pglite.baseUrl, pglite.baseUrl);
  await kill(pglite, 'SIGTERM');

  const adminUrl = await postgresAdminUrl();
  if (!adminUrl) console.log('PostgreSQL absent (DATABASE_URL ou 127.0.0.1:5432) : partie à deux instances non lancée.');
  else {
    const database = await freshPostgresDatabase(adminUrl);
    try {
      const a = await startServer({ port: basePort + 1, dataDir: dir(), databaseUrl: database.url, env });
      started.push(a);
      const b = await startServer({ port: basePort + 2, dataDir: dir(), databaseUrl: database.url, env });
      started.push(b);
      await run('PostgreSQL, écrit sur A, lu sur B', a.baseUrl, b.baseUrl);
      await Promise.all([kill(a, 'SIGTERM'), kill(b, 'SIGTERM')]);
    } finally {
      await database.drop();
    }
  }
} finally {
  await Promise.all(started.map((s) => kill(s, 'SIGTERM')));
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
}
