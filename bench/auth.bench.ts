/**
 * Accounts benchmark (docs/decisions/006): the time of one argon2id password hash and verify with OWASP's
 * settings (19 MiB, 2 iterations, 1 lane), login requests/s against the real server (PGlite,
 * a verified account, each login a verify and a new session), and the memory the hash settings
 * cost: per hash, at the peak of 4 hashes at once (libuv's thread pool), and once idle again.
 * Run: npm run bench:auth. Port 3450 (BENCH_AUTH_PORT).
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadavg, cpus } from 'node:os';
import autocannon from 'autocannon';
import { argon2Options, hashPassword, verifyPassword } from '../apps/api/src/modules/auth/passwords.ts';
import { serverCommand } from './lib/server-process.ts';

const seconds = Number(process.env.BENCH_SECONDS ?? 8);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 10);
const port = Number(process.env.BENCH_AUTH_PORT ?? 3450);
const rssMb = (pid: number | 'self' = 'self') => Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0) / 1024;
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

// 1. One hash, one verify (median of 15, after a warm-up).
await hashPassword('échauffement');
const hashMs: number[] = [];
const verifyMs: number[] = [];
let stored = '';
for (let i = 0; i < 15; i++) {
  let t = performance.now();
  stored = await hashPassword(`Une tarte aux pralines ${i}`);
  hashMs.push(performance.now() - t);
  t = performance.now();
  await verifyPassword(stored, `Une tarte aux pralines ${i}`);
  verifyMs.push(performance.now() - t);
}

// 2. Memory: idle before, peak with 4 hashes at once, idle after.
await sleep(500);
const before = rssMb();
let peak = before;
const sampler = setInterval(() => (peak = Math.max(peak, rssMb())), 2);
await Promise.all([1, 2, 3, 4].map((i) => hashPassword(`concurrent ${i}`)));
clearInterval(sampler);
await sleep(2000);
const after = rssMb();

// 3. Login requests/s against the real server.
const dataDir = mkdtempSync(join(tmpdir(), 'resto-bench-auth-'));
const [serverBin, ...serverArgs] = serverCommand(); // the compiled server, as production runs it
const server = spawn(serverBin, serverArgs, {
  env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, LOG_LEVEL: 'info', DATABASE_URL: '', DEMO_HISTORY: '0', SMTP_URL: '' },
  stdio: ['ignore', 'pipe', 'inherit'],
});
let logs = '';
server.stdout?.on('data', (chunk: Buffer) => (logs += chunk.toString()));
const base = `http://localhost:${port}`;
try {
  for (
    let i = 0;
    i < 600 &&
    !(await fetch(`${base}/v2/health`)
      .then((r) => r.ok)
      .catch(() => false));
    i++
  )
    await sleep(100);
  // One account per connection: the server slows down an e-mail + client address with more than
  // 5 tries in flight or failed (docs/decisions/006), and every request here comes from
  // 127.0.0.1. Ten connections on one account would measure 429s, not logins.
  const password = 'Une tarte aux pralines 2026';
  const emails = Array.from({ length: connections }, (_, i) => `bench${i}@example.fr`);
  for (const email of emails) {
    await fetch(`${base}/v2/public/auth/signup/`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ first_name: 'Banc', last_name: "D'essai", phone: '0611223344', email, password }),
    });
    const codeOf = () => new RegExp(`"to":"${email}"[^\n]*"code":"(\\d{6})"`).exec(logs)?.[1];
    for (let i = 0; i < 50 && !codeOf(); i++) await sleep(100);
    const verified = await fetch(`${base}/v2/public/auth/verify-otp/?otp=${codeOf()}&email=${email}`);
    if (!verified.ok) throw new Error(`verification failed: ${await verified.text()}`);
  }
  const serverIdle = rssMb(server.pid!);
  let next = 0;
  const result = await autocannon({
    url: `${base}/v2/public/auth/login/`,
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    requests: [{ setupRequest: (request) => ({ ...request, body: JSON.stringify({ email: emails[next++ % emails.length], password }) }) }],
    duration: seconds,
    connections,
  });
  const serverAfter = rssMb(server.pid!);

  const f = (n: number) => n.toFixed(1);
  console.log(
    `machine: ${cpus().length} cores, load average ${loadavg()
      .map((l) => l.toFixed(1))
      .join(' / ')} (figures shrink when the machine is shared)`,
  );
  console.log(`argon2id m=${argon2Options.memoryCost} KiB (19 MiB), t=${argon2Options.timeCost}, p=${argon2Options.parallelism}`);
  console.log(`  one hash:   ${f(median(hashMs))} ms (median of 15; min ${f(Math.min(...hashMs))}, max ${f(Math.max(...hashMs))})`);
  console.log(`  one verify: ${f(median(verifyMs))} ms`);
  console.log(
    `memory (this process, RSS): idle ${f(before)} MB, peak with 4 hashes at once ${f(peak)} MB (+${f(peak - before)} MB, ~${f((peak - before) / 4)} MB a hash), idle 2 s later ${f(after)} MB (+${f(after - before)} MB kept)`,
  );
  console.log(
    `login POST /v2/public/auth/login/ (${connections} connections, ${seconds} s): ${f(result.requests.average)} req/s, p99 ${result.latency.p99} ms, ` +
      `${result.non2xx + result.errors} errors; server RSS ${f(serverIdle)} MB idle → ${f(serverAfter)} MB after`,
  );
} finally {
  server.kill('SIGTERM');
  await new Promise((r) => server.once('exit', r));
  rmSync(dataDir, { recursive: true, force: true });
}
