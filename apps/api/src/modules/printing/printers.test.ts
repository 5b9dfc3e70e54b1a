import { eq } from 'drizzle-orm';
import { printersStatus } from './admin.ts';
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import type { BoardOrder } from '@resto/contract/board';
import type { PrintersPage, PrintersStatus, PrinterView, PrintJobView, StationCategory } from '@resto/contract/printers';
import { categories, printJobs, printers, stationCategories } from '../../db/schema.ts';
import { errorOf, looksFrench, payloadOf, type TestServer } from '../../test/harness.ts';
import { startBackOfficeServer, staffRequest, type TestStaff } from '../../test/staff.ts';
import { act, inMinutes, placeCashOrder } from '../board/test-helpers.ts';
import { claimJob, completeJob } from './queue.ts';

/**
 * The printers' back office and the boards' printer states (docs/decisions/033-kitchen-printers.md),
 * over real HTTP on a real server and database: the owner adds, edits (at the version read),
 * rotates the secret of and deletes printers, a staff member only reads them; the test page is
 * followed from « en attente » to « imprimée » as a CloudPRNT-like poll takes and answers it; the
 * status every board polls says which printer is down; « Réimprimer » queues a marked ticket.
 */

// Tuesday 24 November 2026, 12:30 in Paris (open; the demo restaurant is closed on Mondays).
const now = new Date('2026-11-24T11:30:00Z');
const siteUrl = 'https://chez-margot.example';
let server: TestServer;
let owner: TestStaff;
let staff: TestStaff;

const cloudprnt = {
  name: 'Cuisine',
  station: 'kitchen',
  paper_width: 80,
  connection: 'cloudprnt',
  host: null,
  port: null,
  via_agent: false,
  copies: 1,
  print_on: 'arrival',
  qr_code: true,
  enabled: true,
  backup_printer_id: null,
  fallback_seconds: 120,
} as const;

beforeAll(async () => {
  ({ server, owner, staff } = await startBackOfficeServer(now));
});
afterAll(async () => server?.close());
beforeEach(async () => {
  await server.db.delete(printJobs);
  await server.db.delete(stationCategories);
  await server.db.delete(printers);
});

const call = <T>(who: TestStaff | null, method: 'GET' | 'POST' | 'PUT' | 'DELETE', path: string, body?: unknown) =>
  staffRequest<T>(server, who?.cookie ?? null, method, path, body);

async function addPrinter(body: Record<string, unknown> = {}): Promise<PrinterView> {
  return payloadOf(await call<PrinterView>(owner, 'POST', '/v2/restaurant/printers', { ...cloudprnt, ...body }));
}

describe('the printers page', () => {
  test('the owner adds a CloudPRNT printer and sees the URL to give it; a staff member sees its state, not its secret', async () => {
    const created = await call<PrinterView>(owner, 'POST', '/v2/restaurant/printers', cloudprnt);
    expect(created.status).toBe(201);
    const printer = payloadOf(created);
    expect(printer.secret).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(printer.setup_url).toBe(`${siteUrl}/v2/print/cloudprnt/${printer.secret}`);
    expect(printer.agent_command).toBeNull();
    expect(printer.health).toEqual({ state: 'ok', since: null, label: 'prête' });

    const agent = await addPrinter({ name: 'Bar', station: 'bar', connection: 'tcp', host: '192.168.1.50', port: 9100, via_agent: true });
    expect(agent.agent_command).toBe(`npm run print-agent -- --server ${siteUrl} --key ${agent.secret}`);
    expect(agent.setup_url).toBeNull();
    const epson = await addPrinter({ name: 'Comptoir', station: 'counter', connection: 'epson_sdp', paper_width: 58 });
    expect(epson.setup_url).toBe(`${siteUrl}/v2/print/epson/${epson.secret}`);

    const asStaff = payloadOf(await call<PrintersPage>(staff, 'GET', '/v2/restaurant/printers'));
    expect(asStaff.can_edit).toBe(false);
    expect(asStaff.printers.map((p) => [p.name, p.secret, p.setup_url, p.agent_command])).toEqual([
      ['Cuisine', null, null, null],
      ['Bar', null, null, null],
      ['Comptoir', null, null, null],
    ]);
    const asOwner = payloadOf(await call<PrintersPage>(owner, 'GET', '/v2/restaurant/printers'));
    expect(asOwner.can_edit).toBe(true);
    expect(asOwner.printers[0]!.secret).toBe(printer.secret);
    expect(asOwner.categories.length).toBeGreaterThan(0);
  });

  test('only the owner edits: 401 without a session, 403 for a staff member, in French', async () => {
    expect((await call(null, 'GET', '/v2/restaurant/printers')).status).toBe(401);
    expect((await call(null, 'GET', '/v2/restaurant/printers/status')).status).toBe(401);
    const refused = await call(staff, 'POST', '/v2/restaurant/printers', cloudprnt);
    expect(refused.status).toBe(403);
    expect(errorOf(refused).code).toBe('staff_forbidden');
    expect(looksFrench(errorOf(refused).message)).toBe(true);
    const printer = await addPrinter();
    for (const [method, path, body] of [
      ['PUT', `/v2/restaurant/printers/${printer.id}`, { ...cloudprnt, expected_version: printer.version }],
      ['DELETE', `/v2/restaurant/printers/${printer.id}?expected_version=${printer.version}`, undefined],
      ['POST', `/v2/restaurant/printers/${printer.id}/secret`, { expected_version: printer.version }],
      ['POST', `/v2/restaurant/printers/${printer.id}/test`, undefined],
    ] as const)
      expect((await call(staff, method, path, body)).status, `${method} ${path}`).toBe(403);
    expect((await call(staff, 'GET', '/v2/restaurant/printers')).status).toBe(200);
  });

  test('refusals name their fields in French, and a network printer needs its address', async () => {
    const refused = await call(owner, 'POST', '/v2/restaurant/printers', { ...cloudprnt, name: '', copies: 0, connection: 'tcp', host: null });
    expect(refused.status).toBe(400);
    const error = errorOf(refused);
    expect(error.code).toBe('invalid_request');
    expect(error.errors.map((e) => e.path).sort()).toEqual(expect.arrayContaining(['copies', 'name']));
    for (const e of error.errors) expect(looksFrench(e.message), e.message).toBe(true);
    const noHost = errorOf(await call(owner, 'POST', '/v2/restaurant/printers', { ...cloudprnt, connection: 'tcp', host: '' }));
    expect(noHost.errors).toContainEqual({ path: 'host', message: 'Indiquez l’adresse IP de l’imprimante (par exemple 192.168.1.50).' });
    const badHost = errorOf(await call(owner, 'POST', '/v2/restaurant/printers', { ...cloudprnt, connection: 'tcp', host: 'http://imprimante' }));
    expect(badHost.errors.map((e) => e.path)).toEqual(['host']);
    const unknownBackup = errorOf(await call(owner, 'POST', '/v2/restaurant/printers', { ...cloudprnt, backup_printer_id: 99999 }));
    expect(unknownBackup.errors).toEqual([{ path: 'backup_printer_id', message: 'Cette imprimante de secours n’existe plus.' }]);
    const printer = await addPrinter();
    const self = errorOf(
      await call(owner, 'PUT', `/v2/restaurant/printers/${printer.id}`, { ...cloudprnt, backup_printer_id: printer.id, expected_version: printer.version }),
    );
    expect(self.errors).toEqual([{ path: 'backup_printer_id', message: 'Une imprimante ne peut pas être son propre secours.' }]);
  });

  test('an edit at a stale version is 409 with the current values; delete and new secret too', async () => {
    const printer = await addPrinter();
    const backup = await addPrinter({ name: 'Comptoir', station: 'counter' });
    const edited = await call<PrinterView>(owner, 'PUT', `/v2/restaurant/printers/${printer.id}`, {
      ...cloudprnt,
      name: 'Cuisine chaude',
      copies: 2,
      print_on: 'acceptance',
      backup_printer_id: backup.id,
      fallback_seconds: 90,
      expected_version: printer.version,
    });
    expect(edited.status).toBe(200);
    const after = payloadOf(edited);
    expect(after).toMatchObject({
      name: 'Cuisine chaude',
      copies: 2,
      print_on: 'acceptance',
      backup_printer_id: backup.id,
      fallback_seconds: 90,
      version: printer.version + 1,
      secret: printer.secret,
    });

    const stale = await call(owner, 'PUT', `/v2/restaurant/printers/${printer.id}`, { ...cloudprnt, expected_version: printer.version });
    expect(stale.status).toBe(409);
    expect(errorOf(stale).code).toBe('stale_edit');
    expect(looksFrench(errorOf(stale).message)).toBe(true);
    expect((errorOf(stale).payload as { current: PrinterView }).current).toMatchObject({ name: 'Cuisine chaude', version: after.version });

    expect((await call(owner, 'POST', `/v2/restaurant/printers/${printer.id}/secret`, { expected_version: printer.version })).status).toBe(409);
    const rotated = payloadOf(await call<PrinterView>(owner, 'POST', `/v2/restaurant/printers/${printer.id}/secret`, { expected_version: after.version }));
    expect(rotated.secret).not.toBe(printer.secret);
    expect(rotated.setup_url).toBe(`${siteUrl}/v2/print/cloudprnt/${rotated.secret}`);

    expect((await call(owner, 'DELETE', `/v2/restaurant/printers/${backup.id}`)).status).toBe(400);
    expect((await call(owner, 'DELETE', `/v2/restaurant/printers/${backup.id}?expected_version=${backup.version + 5}`)).status).toBe(409);
    expect((await call(owner, 'DELETE', `/v2/restaurant/printers/${backup.id}?expected_version=${backup.version}`)).status).toBe(200);
    const left = payloadOf(await call<PrintersPage>(owner, 'GET', '/v2/restaurant/printers')).printers;
    expect(left.map((p) => [p.name, p.backup_printer_id])).toEqual([['Cuisine chaude', null]]);
    const gone = await call(owner, 'PUT', `/v2/restaurant/printers/${backup.id}`, { ...cloudprnt, expected_version: backup.version });
    expect(gone.status).toBe(409);
    expect(errorOf(gone).payload).toEqual({ current: null });
  });

  test('« Page de test »: en attente, then printed once a CloudPRNT-like poll takes it and answers', async () => {
    const printer = await addPrinter();
    const queued = await call<PrintJobView>(owner, 'POST', `/v2/restaurant/printers/${printer.id}/test`);
    expect(queued.status).toBe(201);
    const job = payloadOf(queued);
    expect(job).toMatchObject({ kind: 'test', status: 'queued', printed_at: null });
    const waiting = payloadOf(await call<PrintersPage>(owner, 'GET', '/v2/restaurant/printers')).printers[0]!;
    expect(waiting.waiting).toBe(1);

    // The printer polls (claimJob), prints, and answers with the token (completeJob).
    const taken = await claimJob(server.db, printer.id, now);
    expect(taken?.id).toBe(job.job_id);
    expect(payloadOf(await call<PrintJobView>(staff, 'GET', `/v2/restaurant/print-jobs/${job.job_id}`)).status).toBe('sent');
    const printedAt = new Date(now.getTime() + 3000);
    expect(await completeJob(server.db, taken!.jobToken!, { printed: true }, printedAt)).toBe('printed');
    expect(payloadOf(await call<PrintJobView>(staff, 'GET', `/v2/restaurant/print-jobs/${job.job_id}`))).toMatchObject({
      status: 'printed',
      printed_at: printedAt.toISOString(),
    });

    // A failing one says why.
    const second = payloadOf(await call<PrintJobView>(owner, 'POST', `/v2/restaurant/printers/${printer.id}/test`));
    await server.db.update(printJobs).set({ attempts: 5 }).where(eq(printJobs.id, second.job_id));
    const out = await claimJob(server.db, printer.id, now);
    await completeJob(server.db, out!.jobToken!, { printed: false, error: 'Capot ouvert', mayHavePrinted: false }, now);
    expect(payloadOf(await call<PrintJobView>(owner, 'GET', `/v2/restaurant/print-jobs/${second.job_id}`))).toMatchObject({
      status: 'failed',
      last_error: 'Capot ouvert',
    });

    expect((await call(owner, 'GET', '/v2/restaurant/print-jobs/999999')).status).toBe(404);
    expect((await call(owner, 'POST', '/v2/restaurant/printers/999999/test')).status).toBe(404);
    const browser = await addPrinter({ name: 'Navigateur', connection: 'browser' });
    const refused = await call(owner, 'POST', `/v2/restaurant/printers/${browser.id}/test`);
    expect(refused.status).toBe(400);
    expect(looksFrench(errorOf(refused).message)).toBe(true);
  });

  test('each category gets its station, or none (« Tous les postes »)', async () => {
    const [category] = await server.db.select().from(categories).limit(1);
    const set = await call<{ categories: StationCategory[] }>(owner, 'PUT', `/v2/restaurant/stations/${category!.categoryId}`, { station: 'bar' });
    expect(set.status).toBe(200);
    expect(payloadOf(set).categories.find((c) => c.category_id === category!.categoryId)?.station).toBe('bar');
    expect(await server.db.select().from(stationCategories)).toEqual([{ categoryId: category!.categoryId, station: 'bar' }]);
    const reset = payloadOf(await call<{ categories: StationCategory[] }>(owner, 'PUT', `/v2/restaurant/stations/${category!.categoryId}`, { station: null }));
    expect(reset.categories.find((c) => c.category_id === category!.categoryId)?.station).toBeNull();
    expect(await server.db.select().from(stationCategories)).toEqual([]);
    expect((await call(owner, 'PUT', `/v2/restaurant/stations/${category!.categoryId}`, { station: 'grill' })).status).toBe(400);
    expect((await call(owner, 'PUT', '/v2/restaurant/stations/999999', { station: 'bar' })).status).toBe(404);
    expect((await call(staff, 'PUT', `/v2/restaurant/stations/${category!.categoryId}`, { station: 'bar' })).status).toBe(403);
  });
});

describe('the boards’ printer states', () => {
  test('the status names a printer offline since its last poll, one out of paper, with the waiting tickets; back, it is fine', async () => {
    const kitchen = await addPrinter();
    const bar = await addPrinter({ name: 'Bar', station: 'bar' });
    await addPrinter({ name: 'Éteinte', enabled: false });
    const order = await placeCashOrder(server);
    // Both printers print on arrival: the order's tickets wait for them.
    const lastPoll = new Date(now.getTime() - 5 * 60_000);
    await server.db.update(printers).set({ lastPollAt: lastPoll }).where(eq(printers.id, kitchen.id));
    await server.db
      .update(printers)
      .set({ lastPollAt: now, problem: 'paper_out', problemSince: new Date(now.getTime() - 60_000) })
      .where(eq(printers.id, bar.id));

    const status = payloadOf(await call<PrintersStatus>(staff, 'GET', '/v2/restaurant/printers/status'));
    expect(status.printers.map((p) => [p.name, p.health.state, p.alarm, p.waiting, p.banner])).toEqual([
      ['Cuisine', 'offline', true, 1, 'Imprimante Cuisine hors ligne depuis 12:25 — 1 ticket en attente'],
      ['Bar', 'paper_out', true, 1, 'Imprimante Bar sans papier depuis 12:29 — 1 ticket en attente'],
    ]);
    expect(status.printers[0]!.health.label).toBe('hors ligne depuis 12:25');
    // Closed (outside the menus' hours): a silent printer is a state on the board, not a red banner.
    const closed = await printersStatus(server.db, now, false);
    expect(closed.printers.map((p) => [p.health.state, p.alarm, p.banner])).toEqual([
      ['offline', false, null],
      ['paper_out', false, null],
    ]);

    await server.db.update(printers).set({ lastPollAt: now }).where(eq(printers.id, kitchen.id));
    await server.db.update(printers).set({ problem: null, problemSince: null }).where(eq(printers.id, bar.id));
    const back = payloadOf(await call<PrintersStatus>(staff, 'GET', '/v2/restaurant/printers/status'));
    expect(back.printers.map((p) => [p.name, p.health.label, p.alarm, p.banner])).toEqual([
      ['Cuisine', 'prête', false, null],
      ['Bar', 'prête', false, null],
    ]);

    // A waiting ticket of a finished order is listed, not printed.
    await server.db.update(printJobs).set({ status: 'skipped' }).where(eq(printJobs.orderId, order.orderId));
    expect(payloadOf(await call<PrintersStatus>(staff, 'GET', '/v2/restaurant/printers/status')).skipped_orders).toEqual([order.orderId]);
  });

  test('the board order carries its tickets; « Réimprimer » queues one marked, on one printer or all', async () => {
    const kitchen = await addPrinter();
    const bar = await addPrinter({ name: 'Bar', station: 'bar' });
    const order = await placeCashOrder(server);
    const accepted = payloadOf(
      await act(server, staff.cookie, order.orderId, { action: 'accept', expected_status: 'pending', ready_at: inMinutes(server, 20) }),
    ) as BoardOrder;
    expect(accepted.print_jobs.map((j) => [j.printer_name, j.station, j.status, j.cause])).toEqual([
      ['Cuisine', 'kitchen', 'queued', 'order'],
      ['Bar', 'bar', 'queued', 'order'],
    ]);
    // The kitchen printer prints its ticket.
    const taken = await claimJob(server.db, kitchen.id, now);
    await completeJob(server.db, taken!.jobToken!, { printed: true }, now);

    const path = `/v2/restaurant/orders/${order.orderId}/reprint`;
    const one = await call<BoardOrder>(staff, 'POST', path, { printer_id: bar.id });
    expect(one.status).toBe(200);
    const jobs = payloadOf(one).print_jobs;
    expect(jobs.map((j) => [j.printer_name, j.status, j.cause, j.may_have_printed])).toEqual([
      ['Cuisine', 'printed', 'order', false],
      ['Bar', 'queued', 'order', false],
      ['Bar', 'queued', 'reprint', true],
    ]);
    expect(jobs[0]!.printed_at).toBe(now.toISOString());
    expect(payloadOf(one).events.map((e) => e.type)).toContain('ticket_printed');
    const all = payloadOf(await call<BoardOrder>(staff, 'POST', path, {}));
    expect(
      all.print_jobs
        .filter((j) => j.cause === 'reprint')
        .map((j) => j.printer_name)
        .sort(),
    ).toEqual(['Bar', 'Bar', 'Cuisine']);

    expect((await call(null, 'POST', path, {})).status).toBe(401);
    expect((await call(staff, 'POST', '/v2/restaurant/orders/999999/reprint', {})).status).toBe(404);
    expect((await call(staff, 'POST', path, { printer_id: 'x' })).status).toBe(400);
    await server.db.update(printers).set({ enabled: false });
    const none = await call(staff, 'POST', path, {});
    expect(none.status).toBe(400);
    expect(errorOf(none).message).toBe('Aucune imprimante activée n’imprime les lignes de cette commande.');
  });
});
