/**
 * Kill -9 during checkout (docs/decisions/010): 100 order creations while the server is
 * killed with SIGKILL at 10 random moments and restarted on the same data (PGlite DATA_DIR, then a
 * PostgreSQL database when one answers). Clients retry an unanswered order with the same local_id
 * once the server is back, as the storefront does. Prints, per backend: orders acknowledged, lost
 * (acknowledged but absent: must be 0), duplicated local_ids (0), orders without lines or status
 * (0), acknowledged orders without both e-mails in the outbox table or folder (0), restart times
 * after a SIGKILL beside one after a clean SIGTERM (a dead server's lock is taken over at once, so
 * the two match: the rest is the machine's start time), and whether a live server's lock
 * still stops a second server with the French message.
 * Run: npm run bench:crash   (CRASH_ORDERS, CRASH_KILLS to change the counts)
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { Agent } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { simpleParser } from 'mailparser';
import { sql } from 'drizzle-orm';
import { openDatabase, queryRows } from '../apps/api/src/db/client.ts';
import { buildOrderPayload, newLocalId } from '../apps/api/src/test/harness.ts';
import {
  freshPostgresDatabase,
  kill,
  openNow,
  percentile,
  postgresAdminUrl,
  send,
  spawnServer,
  startServer,
  waitHealthy,
} from './lib/server-process.ts';

const orderCount = Number(process.env.CRASH_ORDERS ?? 100);
const killCount = Number(process.env.CRASH_KILLS ?? 10);
const clients = 3;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

interface Result {
  backend: string;
  acknowledged: number;
  stored: number;
  lost: number;
  duplicates: number;
  halfWritten: number;
  withoutMails: number;
  mailsSentTwice: number;
  kills: number;
  restartMs: number[];
  cleanRestartMs: number;
  failedRestarts: number;
  liveLockRefused: string;
  retries: number;
}

async function run(backend: 'pglite' | 'postgres', port: number, adminUrl?: string): Promise<Result> {
  const dataDir = mkdtempSync(join(tmpdir(), `resto-crash-${backend}-`));
  const pgDatabase = backend === 'postgres' ? await freshPostgresDatabase(adminUrl!) : undefined;
  const options = { port, dataDir, databaseUrl: pgDatabase?.url };
  let server = await startServer(options);
  // A clean restart first (SIGTERM), to compare with the restarts after SIGKILL on this machine.
  await kill(server, 'SIGTERM');
  server = await startServer(options);
  const cleanRestartMs = server.readyMs!;
  let up: Promise<void> = Promise.resolve();
  const template = await buildOrderPayload({ baseUrl: server.baseUrl, now: () => openNow });
  const agent = new Agent({ keepAlive: true, maxSockets: clients });

  const acknowledged = new Map<string, number>();
  let retries = 0;
  let next = 0;
  const client = async () => {
    for (;;) {
      const index = next++;
      if (index >= orderCount) return;
      const payload = { ...template, local_id: newLocalId(), customer: { ...template.customer, email: `crash-${index}@example.fr` } };
      for (;;) {
        const outcome = await send(agent, server.baseUrl, 'POST', '/v2/public/checkout/', payload);
        if (outcome.status === 201 || outcome.status === 200) {
          acknowledged.set(payload.local_id, (JSON.parse(outcome.body!) as { payload: { order_id: number } }).payload.order_id);
          break;
        }
        retries += 1;
        await sleep(50);
        await up; // the server is being restarted: wait for it, then retry with the same local_id
      }
      await sleep(60 + Math.random() * 120);
    }
  };

  const restartMs: number[] = [];
  let failedRestarts = 0;
  let kills = 0;
  const killer = async () => {
    while (kills < killCount && next < orderCount) {
      await sleep(150 + Math.random() * 900);
      if (next >= orderCount) break;
      let restarted!: () => void;
      up = new Promise((r) => (restarted = r));
      await kill(server, 'SIGKILL');
      kills += 1;
      agent.destroy(); // the dead server's sockets
      server = spawnServer(options);
      try {
        await waitHealthy(server);
        restartMs.push(server.readyMs!);
      } catch (error) {
        failedRestarts += 1;
        console.error(String(error));
        server = await startServer(options);
      }
      restarted();
    }
  };
  await Promise.all([killer(), ...Array.from({ length: clients }, client)]);

  // A second server while this one lives: refused at once with the French message (PGlite only).
  let liveLockRefused = 'sans objet (PostgreSQL)';
  if (backend === 'pglite') {
    const second = spawnServer({ ...options, port: port + 1 });
    const exit = await second.exited;
    liveLockRefused = exit.code !== 0 && second.output().includes('déjà utilisé') ? 'oui (message en français)' : `NON (${exit.code}) ${second.output()}`;
  }
  await new Promise((r) => setTimeout(r, 1500)); // the mail loop's first round after the last restart
  await kill(server, 'SIGTERM');
  agent.destroy();

  const database = await openDatabase({ databaseUrl: pgDatabase?.url, dataDir });
  try {
    const [counts] = await queryRows<{ orders: number; distinct_ids: number; half: number }>(
      database.db,
      sql`select count(*)::int as orders, count(distinct local_id)::int as distinct_ids,
            (select count(*)::int from orders o where not exists (select 1 from order_lines l where l.order_id = o.order_id)
                                                   or not exists (select 1 from order_events h where h.order_id = o.order_id)) as half
          from orders`,
    );
    const stored = await queryRows<{ order_id: number; local_id: string }>(database.db, sql`select order_id, local_id from orders`);
    const storedIds = new Set(stored.map((o) => o.local_id));
    const waiting = await queryRows<{ order_id: number; kind: string }>(database.db, sql`select order_id, kind from mail_outbox`);
    const mails = new Map<string, number>();
    const add = (orderId: number, kind: string) => mails.set(`${orderId}:${kind}`, (mails.get(`${orderId}:${kind}`) ?? 0) + 1);
    for (const row of waiting) add(row.order_id, row.kind);
    const outbox = join(dataDir, 'outbox');
    for (const name of readdirSync(outbox).filter((n) => n.endsWith('.eml'))) {
      const subject = (await simpleParser(readFileSync(join(outbox, name)))).subject ?? '';
      const confirmation = /^Votre commande n° (\d+) est confirmée/.exec(subject);
      const restaurant = /^Nouvelle commande n° (\d+)/.exec(subject);
      if (confirmation) add(Number(confirmation[1]), 'order-confirmation');
      if (restaurant) add(Number(restaurant[1]), 'order-restaurant');
    }
    const withoutMails = [...acknowledged.values()].filter((id) => !mails.has(`${id}:order-confirmation`) || !mails.has(`${id}:order-restaurant`)).length;
    return {
      backend: backend === 'pglite' ? 'PGlite' : 'PostgreSQL',
      acknowledged: acknowledged.size,
      stored: counts!.orders,
      lost: [...acknowledged.keys()].filter((id) => !storedIds.has(id)).length,
      duplicates: counts!.orders - counts!.distinct_ids,
      halfWritten: counts!.half,
      withoutMails,
      mailsSentTwice: [...mails.values()].filter((n) => n > 1).length,
      kills,
      restartMs,
      cleanRestartMs,
      failedRestarts,
      liveLockRefused,
      retries,
    };
  } finally {
    await database.close();
    await pgDatabase?.drop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

const results: Result[] = [await run('pglite', 3720)];
const adminUrl = await postgresAdminUrl();
if (adminUrl) results.push(await run('postgres', 3724, adminUrl));
else console.log('PostgreSQL absent : banc PGlite seul.');

console.log(`\nKill -9 pendant la commande : ${orderCount} commandes, ${killCount} SIGKILL à des moments aléatoires`);
for (const r of results) {
  const ms = (v: number) => `${(v / 1000).toFixed(1)} s`;
  console.log(`\n${r.backend}`);
  console.log(`  commandes acquittées            ${r.acknowledged} (${r.retries} envois répétés avec le même local_id)`);
  console.log(`  commandes en base               ${r.stored}`);
  console.log(`  acquittées mais perdues         ${r.lost}`);
  console.log(`  local_id en double              ${r.duplicates}`);
  console.log(`  sans lignes ou sans statut      ${r.halfWritten}`);
  console.log(`  acquittées sans leurs 2 e-mails ${r.withoutMails}  (e-mails envoyés deux fois : ${r.mailsSentTwice})`);
  console.log(`  SIGKILL                         ${r.kills}, redémarrages en échec : ${r.failedRestarts}`);
  console.log(`  redémarrage après SIGKILL       min ${ms(Math.min(...r.restartMs))}, médiane ${ms(percentile(r.restartMs, 50))}, max ${ms(Math.max(...r.restartMs))} (après un SIGTERM : ${ms(r.cleanRestartMs)})`);
  console.log(`  2e serveur, 1er vivant, refusé  ${r.liveLockRefused}`);
}
const bad = results.some((r) => r.lost || r.duplicates || r.halfWritten || r.withoutMails || r.failedRestarts || r.acknowledged !== orderCount);
process.exit(bad ? 1 : 0);
