import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { startTestServer, type TestServer } from '../../test/harness.ts';
import { createTestStaff, staffRequest, type TestStaff } from '../../test/staff.ts';
import { readEntries } from './journal.ts';

/**
 * The owner's register over real HTTP (docs/decisions/031-the-books.md): November 2026 closed by
 * the closing job and archived, listed, downloaded byte for byte; a month not closed refused; a
 * name that is not an archive's answered 404; the verification ok, then broken by a row changed
 * behind the triggers' back; a member of staff refused.
 */
const paris = (day: string, time: string) => new Date(`${day}T${time}:00+01:00`);
let now = paris('2026-11-23', '10:00');
let server: TestServer;
let owner: TestStaff;
let staff: TestStaff;

beforeAll(async () => {
  server = await startTestServer({ clock: () => now });
  owner = await createTestStaff(server.db, { role: 'owner', now });
  staff = await createTestStaff(server.db, { now });
  await server.deps.books.signer();
  await server.deps.closing.runOnce(paris('2026-12-01', '09:00'));
  now = paris('2026-12-01', '09:10');
});
afterAll(() => server.close());

interface Archive {
  name: string;
  period: string;
  size: number;
  sha256: string;
  created_at: string;
}

test('the archives listed and downloaded; a month not closed, an unknown name refused in French', async () => {
  const listed = await staffRequest<{ archives: Archive[] }>(server, owner.cookie, 'GET', '/v2/restaurant/books/archives');
  expect(listed.status).toBe(200);
  expect((listed.body as { payload: { archives: Archive[] } }).payload.archives.map((archive) => archive.name).sort()).toEqual([
    'live-2026-11.tar',
    'simulation-2026-11.tar',
  ]);
  const live = (listed.body as { payload: { archives: Archive[] } }).payload.archives.find((archive) => archive.name === 'live-2026-11.tar')!;

  const download = await fetch(`${server.baseUrl}/v2/restaurant/books/archives/live-2026-11.tar`, { headers: { Cookie: owner.cookie } });
  expect(download.status).toBe(200);
  expect(download.headers.get('content-type')).toBe('application/x-tar');
  expect(download.headers.get('content-disposition')).toBe('attachment; filename="live-2026-11.tar"');
  const bytes = Buffer.from(await download.arrayBuffer());
  expect(bytes.length).toBe(live.size);
  expect(createHash('sha256').update(bytes).digest('hex')).toBe(live.sha256);

  const again = await staffRequest<Archive>(server, owner.cookie, 'POST', '/v2/restaurant/books/archives', { period: '2026-11' });
  expect(again.status).toBe(200);
  expect((again.body as { payload: Archive }).payload).toMatchObject({ name: 'live-2026-11.tar', sha256: live.sha256 });
  const notClosed = await staffRequest(server, owner.cookie, 'POST', '/v2/restaurant/books/archives', { period: '2026-12' });
  expect(notClosed.status).toBe(422);
  expect(notClosed.body).toMatchObject({ code: 'period_not_closed', message: 'Le mois 2026-12 n’est pas encore clôturé : il sera archivé après sa clôture.' });
  const badMonth = await staffRequest(server, owner.cookie, 'POST', '/v2/restaurant/books/archives', { period: 'octobre 2026' });
  expect(badMonth.status).toBe(400);
  expect(badMonth.body).toMatchObject({ code: 'invalid_request', errors: [{ path: 'period', message: 'Un mois s’écrit AAAA-MM, par exemple 2026-10.' }] });
  for (const name of ['..%2F..%2Fetc%2Fpasswd', 'live-2026-12.tar', '.live-2026-11.tar.1.tmp']) {
    const missing = await staffRequest(server, owner.cookie, 'GET', `/v2/restaurant/books/archives/${name}`);
    expect(missing.status, name).toBe(404);
    expect((missing.body as { code: string }).code).toBe('archive_not_found');
  }
  expect((await staffRequest(server, staff.cookie, 'GET', '/v2/restaurant/books/archives')).status).toBe(403);
  expect((await staffRequest(server, null, 'POST', '/v2/restaurant/books/verification')).status).toBe(401);
});

test('the verification: ok with its counts and last closure, an entry itself; then the first broken entry', async () => {
  const good = await staffRequest<{ ok: boolean; entries: number; last_closure: string; description: string }>(
    server,
    owner.cookie,
    'POST',
    '/v2/restaurant/books/verification',
  );
  expect(good.status).toBe(200);
  expect((good.body as { payload: { ok: boolean; entries: number; last_closure: string; description: string } }).payload).toMatchObject({
    ok: true,
    last_closure: 'M-2026-11',
  });
  expect((good.body as { payload: { ok: boolean; entries: number; last_closure: string; description: string } }).payload.entries).toBeGreaterThan(10);
  expect((good.body as { payload: { ok: boolean; entries: number; last_closure: string; description: string } }).payload.description).toContain('live');
  const entries = await readEntries(server.db, 'live', 0, 1000);
  expect(entries.at(-1)!.content).toContain('"event":"verification"');
  expect(entries.at(-1)!.content).toContain(`"staff_id":${owner.staffId}`);

  // A closure's total changed behind the triggers' back.
  const closure = entries.find((row) => row.documentNumber === 'J-2026-11-24')!;
  await server.db.execute(sql.raw(`alter table journal_entries disable trigger user`));
  await server.db.execute(
    sql`update journal_entries set content = replace(content, '"total_ttc":0', '"total_ttc":100') where chain = 'live' and seq = ${closure.seq}`,
  );
  await server.db.execute(sql.raw(`alter table journal_entries enable trigger user`));
  const bad = await staffRequest<{ ok: boolean; broken: { chain: string; seq: number }[] }>(server, owner.cookie, 'POST', '/v2/restaurant/books/verification');
  expect(bad.status).toBe(200);
  expect((bad.body as { payload: { ok: boolean; broken: { chain: string; seq: number }[] } }).payload.ok).toBe(false);
  expect((bad.body as { payload: { ok: boolean; broken: { chain: string; seq: number }[] } }).payload.broken).toEqual([
    expect.objectContaining({ chain: 'live', seq: closure.seq }),
  ]);
});
