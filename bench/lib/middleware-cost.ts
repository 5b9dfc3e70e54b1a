/**
 * One chain of bench/api.bench.ts's middleware section, in its own process (a server has one
 * chain: several in one process would share their functions' inline caches and slow each other):
 * the server's app (serverApp + createDrain) without the middleware named in argv[2] (a comma
 * list; 'bare' for bare Hono answering the same bytes), on an in-memory PGlite with the demo
 * restaurant, driven through @hono/node-server's own request listener (its Request and Response,
 * as over HTTP) without sockets. Prints one JSON line: CPU µs per request (user + system) for
 * each request kind, the median of `rounds`.
 */
import { IncomingMessage, ServerResponse } from 'node:http';
import { Socket } from 'node:net';
import { Writable } from 'node:stream';
import { getRequestListener } from '@hono/node-server';
import { Hono } from 'hono';
import { createDeps, type ApiMiddlewareName } from '../../apps/api/src/app.ts';
import { openDatabase } from '../../apps/api/src/db/client.ts';
import { createDrain } from '../../apps/api/src/http/drain.ts';
import { createLogger } from '../../apps/api/src/logger.ts';
import { serverApp, type ServerMiddlewareName } from '../../apps/api/src/run-server.ts';
import { seedDemoIfEmpty } from '../../apps/api/src/seeding/demo-restaurant.ts';
import { openNow } from './server-process.ts';

const chain = process.argv[2] ?? '';
const without = chain.split(',').filter(Boolean);
const rounds = Number(process.env.MIDDLEWARE_ROUNDS ?? 5);
const perRound = Number(process.env.MIDDLEWARE_REQUESTS ?? 3000);

const handle = await openDatabase({ dataDir: 'memory://' });
await seedDemoIfEmpty(handle.db, { history: 0, settings: { 'orders.email_only': true } });
/** A destination that drops lines: the cost measured is pino's, not a terminal's. */
const nowhere = new Writable({ write: (_chunk, _encoding, done) => done() });
const deps = createDeps(handle.db, createLogger(process.env.MIDDLEWARE_LOG_LEVEL ?? 'info', nowhere), () => openNow, {});
const menusPath = '/v2/public/menus';
const app = serverApp(deps, { without: without.filter((name): name is ApiMiddlewareName | ServerMiddlewareName => name !== 'drain' && name !== 'bare') });
const first = await app.request(menusPath);
const menusBytes = Buffer.from(await first.arrayBuffer());
const menusTag = first.headers.get('etag')!;

let listener: ReturnType<typeof getRequestListener>;
if (without.includes('bare')) {
  const bare = new Hono({ strict: false });
  bare.get(menusPath, (c) =>
    c.req.header('if-none-match') === menusTag
      ? c.body(null, 304, { ETag: menusTag })
      : c.body(menusBytes, 200, { 'Content-Type': 'application/json', ETag: menusTag }),
  );
  listener = getRequestListener(bare.fetch);
} else listener = getRequestListener(without.includes('drain') ? app.fetch : createDrain(app.fetch).fetch);

const socket = new Socket();
/** One GET through the listener, as Node's HTTP server hands it over; resolves once the answer is written. */
function request(headers: Record<string, string>): Promise<number> {
  return new Promise((resolve) => {
    const incoming = new IncomingMessage(socket);
    incoming.method = 'GET';
    incoming.url = menusPath;
    incoming.httpVersion = '1.1';
    incoming.httpVersionMajor = 1;
    incoming.httpVersionMinor = 1;
    const all = { host: 'localhost', ...headers };
    incoming.headers = all;
    incoming.rawHeaders = Object.entries(all).flat();
    incoming.push(null);
    incoming.complete = true;
    const outgoing = new ServerResponse(incoming);
    const end = outgoing.end.bind(outgoing) as (...args: unknown[]) => ServerResponse;
    outgoing.end = ((...args: unknown[]) => {
      const done = end(...args);
      resolve(outgoing.statusCode);
      return done;
    }) as typeof outgoing.end;
    void listener(incoming, outgoing);
  });
}

/** CPU µs per request of `count` sequential requests: less moved by other processes than the wall clock. */
async function cpuPerRequest(headers: Record<string, string>, count: number): Promise<number> {
  const started = process.cpuUsage();
  for (let i = 0; i < count; i++) await request(headers);
  const used = process.cpuUsage(started);
  return (used.user + used.system) / count;
}

const kinds = { menus: {}, notModified: { 'if-none-match': menusTag } };
for (const headers of Object.values(kinds)) await cpuPerRequest(headers, 3000); // warm-up: JIT
const samples: Record<string, number[]> = { menus: [], notModified: [] };
for (let round = 0; round < rounds; round++) for (const [kind, headers] of Object.entries(kinds)) samples[kind]!.push(await cpuPerRequest(headers, perRound));
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
console.log(JSON.stringify({ chain, menus: median(samples.menus!), notModified: median(samples.notModified!) }));
await handle.close();
process.exit(0);
