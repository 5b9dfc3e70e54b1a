/**
 * SIGTERM in a burst (docs/decisions/010): orders at 100/s over 16 keep-alive
 * connections (new connections when those close), SIGTERM after 3 s, sending on for 2 s. Every
 * request that reached the server must be answered (201; 503 "le serveur redémarre"), never cut;
 * later connections are refused. A reset can still hit a connection the server never read from
 * (waiting in the kernel's accept queue when the port closes, or an idle keep-alive connection
 * closed as the client reuses it): counted apart, and none of those orders may be stored;
 * no order sent after the first 503 accepted; every acknowledged order whole in the database, no
 * refused one in it. PGlite, then PostgreSQL when one answers.
 * Run: npm run bench:shutdown
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { Agent } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { openDatabase, queryRows } from '../apps/api/src/db/client.ts';
import { buildOrderPayload, newLocalId } from '../apps/api/src/test/harness.ts';
import { freshPostgresDatabase, openNow, percentile, postgresAdminUrl, send, startServer, type HttpOutcome } from './lib/server-process.ts';

const ratePerSecond = 100;
const beforeSignalMs = 3000;
const afterSignalMs = 2000;

async function run(backend: 'pglite' | 'postgres', port: number, adminUrl?: string) {
  const dataDir = mkdtempSync(join(tmpdir(), `resto-sigterm-${backend}-`));
  const pgDatabase = backend === 'postgres' ? await freshPostgresDatabase(adminUrl!) : undefined;
  try {
    const server = await startServer({ port, dataDir, databaseUrl: pgDatabase?.url });
    const template = await buildOrderPayload({ baseUrl: server.baseUrl, now: () => openNow });
    const agent = new Agent({ keepAlive: true, maxSockets: 16 });
    const outcomes: (HttpOutcome & { localId: string })[] = [];
    const pending: Promise<void>[] = [];
    let signalAt = Infinity;
    let exitAt = Infinity;
    void server.exited.then(() => (exitAt = performance.now()));
    const started = performance.now();
    const stopAt = started + beforeSignalMs + afterSignalMs;
    setTimeout(() => {
      signalAt = performance.now();
      server.child.kill('SIGTERM');
    }, beforeSignalMs);
    for (let i = 0; performance.now() < stopAt; i++) {
      const localId = newLocalId();
      pending.push(send(agent, server.baseUrl, 'POST', '/v2/public/checkout/', { ...template, local_id: localId }).then((o) => void outcomes.push({ ...o, localId })));
      const due = started + ((i + 1) * 1000) / ratePerSecond;
      await new Promise((r) => setTimeout(r, Math.max(0, due - performance.now())));
    }
    await Promise.all(pending);
    const exit = await server.exited;
    agent.destroy();

    const first503 = Math.min(...outcomes.filter((o) => o.status === 503).map((o) => o.startedAt + o.ms));
    const accepted = outcomes.filter((o) => o.status === 201);
    const database = await openDatabase({ databaseUrl: pgDatabase?.url, dataDir });
    try {
      const stored = new Set((await queryRows<{ local_id: string }>(database.db, sql`select local_id from orders`)).map((r) => r.local_id));
      const [half] = await queryRows<{ n: number }>(
        database.db,
        sql`select count(*)::int as n from orders o where not exists (select 1 from order_lines l where l.order_id = o.order_id)
              or not exists (select 1 from order_events h where h.order_id = o.order_id)`,
      );
      return {
        backend: backend === 'pglite' ? 'PGlite' : 'PostgreSQL',
        sent: outcomes.length,
        acceptedBefore: accepted.filter((o) => o.startedAt < signalAt).length,
        inFlightFinished: accepted.filter((o) => o.startedAt < signalAt && o.startedAt + o.ms > signalAt).length,
        acceptedAfterFirst503: accepted.filter((o) => o.startedAt > first503).length,
        refused503: outcomes.filter((o) => o.status === 503).length,
        refusedConnection: outcomes.filter((o) => o.error === 'ECONNREFUSED').length,
        reset: outcomes.filter((o) => o.error && o.error !== 'ECONNREFUSED').length,
        // The server logs the requests it still had in flight at SHUTDOWN_TIMEOUT, cut (LOG_LEVEL warn).
        cutInApp: /requêtes interrompues/.test(server.output()) ? Number(/"requests":(\d+)/.exec(server.output())?.[1] ?? 1) : 0,
        resetStored: outcomes.filter((o) => o.error && o.error !== 'ECONNREFUSED' && stored.has(o.localId)).length,
        otherStatus: outcomes.filter((o) => o.status !== undefined && o.status !== 201 && o.status !== 503).length,
        lostAcknowledged: accepted.filter((o) => !stored.has(o.localId)).length,
        refusedButStored: outcomes.filter((o) => o.status !== 201 && stored.has(o.localId)).length,
        halfWritten: half!.n,
        exit: exit.code,
        drainMs: exitAt - signalAt,
        p99Before: percentile(accepted.filter((o) => o.startedAt < signalAt).map((o) => o.ms), 99),
      };
    } finally {
      await database.close();
    }
  } finally {
    await pgDatabase?.drop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

const results = [await run('pglite', 3740)];
const adminUrl = await postgresAdminUrl();
if (adminUrl) results.push(await run('postgres', 3744, adminUrl));
else console.log('PostgreSQL absent : banc PGlite seul.');

console.log(`\nSIGTERM pendant ${ratePerSecond} commandes/s (signal après ${beforeSignalMs / 1000} s, envois ${afterSignalMs / 1000} s de plus)`);
for (const r of results) {
  console.log(`\n${r.backend}`);
  console.log(`  requêtes envoyées                    ${r.sent}`);
  console.log(`  acceptées avant le signal            ${r.acceptedBefore} (dont ${r.inFlightFinished} en cours au signal, terminées) ; p99 ${r.p99Before.toFixed(0)} ms`);
  console.log(`  refusées 503 « le serveur redémarre » ${r.refused503}`);
  console.log(`  connexions refusées (ECONNREFUSED)   ${r.refusedConnection}`);
  console.log(`  coupées en cours de traitement       ${r.cutInApp} (le serveur en compte au délai d'arrêt)`);
  console.log(`  reset avant d'atteindre le serveur   ${r.reset} (file d'acceptation à la fermeture du port, ou connexion inactive fermée au moment où le client la réutilisait ; dont en base : ${r.resetStored})`);
  console.log(`  autres statuts                       ${r.otherStatus}`);
  console.log(`  acceptées après le 1er 503           ${r.acceptedAfterFirst503}`);
  console.log(`  acquittées absentes de la base       ${r.lostAcknowledged}`);
  console.log(`  refusées mais en base                ${r.refusedButStored}`);
  console.log(`  commandes à moitié écrites           ${r.halfWritten}`);
  console.log(`  code de sortie, durée de l'arrêt     ${r.exit}, ${(r.drainMs / 1000).toFixed(2)} s`);
}
const bad = results.some((r) => r.cutInApp || r.resetStored || r.otherStatus || r.acceptedAfterFirst503 || r.lostAcknowledged || r.refusedButStored || r.halfWritten || r.exit !== 0);
process.exit(bad ? 1 : 0);
