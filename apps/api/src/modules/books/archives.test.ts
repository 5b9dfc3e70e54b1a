import { execFileSync, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { startTestServer, type TestServer } from '../../test/harness.ts';
import { archiveCheckCommands, archiveClosedPeriods, archiveMonth, archivePath, listArchives } from './archives.ts';
import { appendEntry, readEntries } from './journal.ts';
import type { BooksSigner } from './signing.ts';
import { verifyJournal } from './verify.ts';
import { margheritaReceipt } from './test-fixtures.ts';

/**
 * The archives (docs/decisions/031-the-books.md, « archivage ») on the demo restaurant, its journal
 * opened on Monday 23 November 2026: November closed by the closing job on 1 December is archived
 * by it, once; the archive read back by the system `tar`, and the README's commands (sha256sum,
 * openssl) run in it succeed, then fail once a byte is changed.
 */
const paris = (day: string, time: string) => new Date(`${day}T${time}:00+01:00`);
const opened = paris('2026-11-23', '10:00');
let server: TestServer;
let signer: BooksSigner;
const archivesDir = mkdtempSync(join(tmpdir(), 'resto-archives-test-'));
const work = mkdtempSync(join(tmpdir(), 'resto-archives-check-'));

beforeAll(async () => {
  server = await startTestServer({ clock: () => opened, archivesDir });
  signer = await server.deps.books.signer();
});
afterAll(async () => {
  await server.close();
  rmSync(archivesDir, { recursive: true, force: true });
  rmSync(work, { recursive: true, force: true });
});

const receipt = margheritaReceipt();

const sh = (command: string, cwd: string) => spawnSync('sh', ['-c', command], { cwd, encoding: 'utf8' });

test('the month closed by the job is archived once; the README’s commands check it, and fail after a byte is changed', async () => {
  await appendEntry(server.db, signer, { chain: 'live', body: { kind: 'document', document: receipt }, orderId: 1 }, paris('2026-11-24', '12:09'));
  await appendEntry(
    server.db,
    signer,
    { chain: 'live', body: { kind: 'payment', payment: { order_id: 1, means: 'cash', amount: 1850 } }, orderId: 1 },
    paris('2026-11-24', '12:10'),
  );
  expect(await archiveMonth(server.db, signer, archivesDir, 'live', '2026-11', paris('2026-11-25', '09:00'))).toBe('not_closed');

  const run = await server.deps.closing.runOnce(paris('2026-12-01', '09:00'));
  expect(run.live).toContain('M-2026-11');
  expect(readdirSync(archivesDir).sort()).toEqual(['live-2026-11.tar', 'simulation-2026-11.tar']);
  const file = join(archivesDir, 'live-2026-11.tar');
  const bytes = readFileSync(file);
  const [listed] = (await listArchives(server.db, archivesDir)).filter((archive) => archive.name === 'live-2026-11.tar');
  expect(listed).toMatchObject({ chain: 'live', period: '2026-11', size: bytes.length, sha256: createHash('sha256').update(bytes).digest('hex') });

  // Its entry: a technical 'archive' of the live chain, with the archive's SHA-256.
  const entries = await readEntries(server.db, 'live', 0, 1000);
  const archiveEntries = entries.filter((row) => row.kind === 'technical' && row.content.includes('"event":"archive"'));
  expect(archiveEntries).toHaveLength(1);
  expect(archiveEntries[0]!.content).toContain(listed!.sha256);

  // Again, and through the owner's request: nothing rewritten, no second entry.
  expect(await archiveClosedPeriods(server.db, signer, archivesDir, 'live', paris('2026-12-01', '09:05'))).toEqual([]);
  expect(await archiveMonth(server.db, signer, archivesDir, 'live', '2026-11', paris('2026-12-01', '09:06'))).toEqual({
    written: false,
    name: 'live-2026-11.tar',
  });
  expect(readFileSync(file).equals(bytes)).toBe(true);
  expect((await readEntries(server.db, 'live', 0, 1000)).filter((row) => row.content.includes('"event":"archive"'))).toHaveLength(1);
  expect(readdirSync(archivesDir).filter((name) => name.endsWith('.tmp'))).toEqual([]);

  // The system tar reads it back.
  const folder = join(work, 'archive');
  execFileSync('mkdir', ['-p', folder]);
  expect(execFileSync('tar', ['-tf', file], { encoding: 'utf8' }).trim().split('\n')).toEqual([
    'README.fr.txt',
    'entries.json',
    'entries.csv',
    'closures.json',
    `cle-publique-${signer.keyId}.pem`,
    'signatures.txt',
    'SHA256SUMS',
  ]);
  execFileSync('tar', ['-xf', file, '-C', folder]);
  const readme = readFileSync(join(folder, 'README.fr.txt'), 'utf8');
  expect(readme).toContain(archiveCheckCommands.sums);
  expect(readme).toContain(`sh -c '${archiveCheckCommands.signatures}'`);
  const csv = readFileSync(join(folder, 'entries.csv'), 'utf8');
  expect(csv.startsWith('\uFEFFséquence;')).toBe(true);
  expect(csv).toMatch(/;R-000001;18,50;/);
  const json = JSON.parse(readFileSync(join(folder, 'entries.json'), 'utf8')) as { seq: number; hash: string; signature: string; key_id: string }[];
  expect(json.map((entry) => entry.seq)).toEqual(entries.filter((row) => row.seq <= json.at(-1)!.seq).map((row) => row.seq));
  expect(
    JSON.parse(readFileSync(join(folder, 'closures.json'), 'utf8'))
      .map((c: { number: string }) => c.number)
      .at(-1),
  ).toBe('M-2026-11');

  // The documented commands succeed…
  const sums = sh(archiveCheckCommands.sums, folder);
  expect(sums.status, sums.stderr).toBe(0);
  const signatures = sh(archiveCheckCommands.signatures, folder);
  expect(signatures.status, signatures.stdout + signatures.stderr).toBe(0);
  expect(signatures.stdout).toContain('signatures vérifiées');

  // …and fail after a byte is changed: an amount in the CSV (the sums), a hash in signatures.txt (openssl).
  writeFileSync(join(folder, 'entries.csv'), csv.replace(';18,50;', ';18,51;'));
  expect(sh(archiveCheckCommands.sums, folder).status).not.toBe(0);
  const lines = readFileSync(join(folder, 'signatures.txt'), 'utf8').split('\n');
  const [seq, key, hash, sig] = lines[1]!.split(' ');
  lines[1] = [seq, key, (hash![0] === 'a' ? 'b' : 'a') + hash!.slice(1), sig].join(' ');
  writeFileSync(join(folder, 'signatures.txt'), lines.join('\n'));
  const forged = sh(archiveCheckCommands.signatures, folder);
  expect(forged.status).not.toBe(0);
  expect(forged.stdout).toContain(`signature invalide : entrée ${seq}`);

  expect(await verifyJournal(server.db)).toMatchObject({ ok: true });
});

test('archive names: only a chain’s month or year, nothing out of the folder', () => {
  expect(archivePath('/d', 'live-2026-11.tar')).toBe('/d/live-2026-11.tar');
  expect(archivePath('/d', 'simulation-2026.tar')).toBe('/d/simulation-2026.tar');
  for (const name of ['../live-2026-11.tar', 'live-2026-13.tar', 'live-2026-11.tar/..', 'other-2026.tar', '.live-2026-11.tar.1.tmp', 'live-2026-11.zip'])
    expect(archivePath('/d', name)).toBeUndefined();
});
