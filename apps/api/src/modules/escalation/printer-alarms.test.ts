import { and, eq, like } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import { mailOutbox, orders, printJobs, printers, pushSubscriptions } from '../../db/schema.ts';
import { request, startTestServer, type TestServer } from '../../test/harness.ts';
import { startTestPushService, type TestPushService } from '../../test/push-service.ts';
import { createTestStaff, type TestStaff } from '../../test/staff.ts';
import { placeCashOrder } from '../board/test-helpers.ts';
import { claimJob, newPrinterSecret, type PrinterRow } from '../printing/index.ts';

/**
 * No silent printer (docs/decisions/033-kitchen-printers.md), through the escalation's job on a
 * real server: a printer silent for 60 s while the restaurant is open alarms once (the owner's
 * e-mail, a push decrypted by a staff device), its tickets go to its backup printer after its
 * delay (or to the browser's page), and coming back it prints only the tickets of orders still open.
 */

// Tuesday 24 November 2026, 12:30:00 in Paris: open.
const tuesday = new Date('2026-11-24T11:30:00Z');
let now = tuesday;
let server: TestServer;
let push: TestPushService;
let owner: TestStaff;

const at = (seconds: number) => new Date(tuesday.getTime() + seconds * 1000);

beforeAll(async () => {
  server = await startTestServer({ clock: () => now });
  push = await startTestPushService();
  owner = await createTestStaff(server.db, { role: 'owner', now });
});
afterAll(async () => {
  await server?.close();
  await push?.close();
});
beforeEach(async () => {
  now = tuesday;
  await server.db.delete(printJobs);
  await server.db.delete(printers);
  await server.db.delete(mailOutbox).where(eq(mailOutbox.kind, 'printer-alarm'));
});
afterEach(() => {
  expect(push.refusals).toEqual([]);
});

async function addPrinter(values: Partial<typeof printers.$inferInsert> & { name: string; station: PrinterRow['station'] }): Promise<PrinterRow> {
  const [printer] = await server.db
    .insert(printers)
    .values({ connection: 'cloudprnt', secret: newPrinterSecret(), createdAt: tuesday, lastPollAt: tuesday, ...values })
    .returning();
  return printer!;
}

/** The printer's poll at the app's clock, as its protocol's endpoint makes it (PrintingService.poll, nothing taken). */
async function alive(printer: PrinterRow, problem: PrinterRow['problem'] = null): Promise<void> {
  await server.deps.printing.poll(printer, problem, { take: false });
}

const alarmMails = () => server.db.select().from(mailOutbox).where(eq(mailOutbox.kind, 'printer-alarm'));
const jobsOf = (orderId: number) => server.db.select().from(printJobs).where(eq(printJobs.orderId, orderId)).orderBy(printJobs.id);

describe('a printer that stops printing while the restaurant is open', () => {
  test('silent 61 s: alarmed once, e-mail and push; after its delay its tickets go to the backup printer; back, the outage ends and a new one alarms again', async () => {
    await server.db.delete(pushSubscriptions);
    const device = push.subscribe();
    const subscribed = await request(server.baseUrl, '/v2/restaurant/push/subscriptions', {
      method: 'POST',
      headers: { Cookie: owner.cookie, 'Content-Type': 'application/json' },
      body: JSON.stringify(device.subscription),
    });
    expect(subscribed.status).toBe(200);
    const counter = await addPrinter({ name: 'Comptoir', station: 'counter' });
    const kitchen = await addPrinter({ name: 'Cuisine', station: 'kitchen', backupPrinterId: counter.id, fallbackSeconds: 120 });
    const { orderId } = await placeCashOrder(server);

    now = at(60);
    await alive(counter);
    expect((await server.deps.escalation.runOnce(now)).printersAlerted).toEqual([]);

    now = at(61);
    await alive(counter);
    const pushesBefore = push.pushes.length;
    const run = await server.deps.escalation.runOnce(now);
    expect(run.printersAlerted).toEqual([kitchen.id]);
    const [mail] = await alarmMails();
    expect(mail).toMatchObject({ recipient: owner.email, subject: 'Imprimante Cuisine hors ligne depuis 12:30 — 1 ticket en attente' });
    expect(mail!.text).toContain('ses tickets partent sur l’imprimante Comptoir');
    expect(push.pushes.length).toBe(pushesBefore + 1);
    expect(JSON.parse(push.pushes.at(-1)!.payload)).toMatchObject({ title: 'Imprimante Cuisine : tickets non imprimés', body: mail!.subject });

    // Once an outage, whatever the runs.
    const again = await Promise.all([server.deps.escalation.runOnce(now), server.deps.escalation.runOnce(now)]);
    expect(again.flatMap((r) => r.printersAlerted)).toEqual([]);
    expect(await alarmMails()).toHaveLength(1);
    expect((await jobsOf(orderId)).find((job) => job.originPrinterId === kitchen.id)?.printerId).toBe(kitchen.id);

    // 120 s after it was last heard: its ticket goes to the counter's printer, which prints the kitchen's station.
    now = at(120);
    await alive(counter);
    expect((await server.deps.escalation.runOnce(now)).ticketsFallenBack).toBe(1);
    const moved = (await jobsOf(orderId)).find((job) => job.originPrinterId === kitchen.id)!;
    expect(moved.printerId).toBe(counter.id);

    // Back: the outage ends; the next one alarms again.
    now = at(200);
    await alive(kitchen);
    await alive(counter);
    await server.deps.escalation.runOnce(now);
    const [row] = await server.db.select().from(printers).where(eq(printers.id, kitchen.id));
    expect(row!.alarmSentAt).toBeNull();
    now = at(300);
    await alive(counter);
    expect((await server.deps.escalation.runOnce(now)).printersAlerted).toEqual([kitchen.id]);
  });

  test('paper out alarms at once; without a backup its tickets wait on the browser page, printed by the board’s « Imprimer »', async () => {
    const kitchen = await addPrinter({ name: 'Cuisine', station: 'kitchen', fallbackSeconds: 30 });
    const { orderId } = await placeCashOrder(server);
    now = at(5);
    await alive(kitchen, 'paper_out');
    expect((await server.deps.escalation.runOnce(now)).printersAlerted).toEqual([kitchen.id]);
    expect((await alarmMails())[0]!.subject).toBe('Imprimante Cuisine sans papier depuis 12:30 — 1 ticket en attente');
    now = at(36);
    await alive(kitchen, 'paper_out');
    expect((await server.deps.escalation.runOnce(now)).ticketsFallenBack).toBe(1);
    expect((await jobsOf(orderId))[0]).toMatchObject({ printerId: null, status: 'queued' });
    const printed = await request(server.baseUrl, `/v2/restaurant/orders/${orderId}/ticket-printed`, { method: 'POST', headers: { Cookie: owner.cookie } });
    expect(printed.status).toBe(200);
    expect((await jobsOf(orderId))[0]).toMatchObject({ printerId: null, status: 'printed' });
  });

  test('back after an outage: tickets of orders still open print, those of finished orders are skipped (listed, not printed)', async () => {
    const kitchen = await addPrinter({ name: 'Cuisine', station: 'kitchen', fallbackSeconds: 3600 });
    const open = await placeCashOrder(server);
    const finished = await placeCashOrder(server);
    await server.db.update(orders).set({ status: 'cancelled' }).where(eq(orders.orderId, finished.orderId));
    now = at(900);
    const job = await server.deps.printing.poll(kitchen, null);
    expect(job?.orderId).toBe(open.orderId);
    expect((await jobsOf(finished.orderId))[0]!.status).toBe('skipped');
    const blocks = await server.deps.printing.render(job!, kitchen);
    expect(blocks![0]).toMatchObject({ type: 'text', text: 'EN ATTENTE DEPUIS 12:30 (15 min)' });
    expect(await claimJob(server.db, kitchen.id, now)).toBeNull();
  });

  test('closed (a Monday): a silent printer raises no alarm; a disabled one never does', async () => {
    await addPrinter({ name: 'Cuisine', station: 'kitchen' });
    await addPrinter({ name: 'Ancienne', station: 'bar', enabled: false });
    now = new Date('2026-11-23T11:30:00Z');
    expect((await server.deps.escalation.runOnce(now)).printersAlerted).toEqual([]);
    expect(await alarmMails()).toEqual([]);
    // Open again, the enabled one alarms, the disabled one never.
    now = at(120);
    expect((await server.deps.escalation.runOnce(now)).printersAlerted).toHaveLength(1);
    expect(
      await server.db
        .select()
        .from(mailOutbox)
        .where(and(eq(mailOutbox.kind, 'printer-alarm'), like(mailOutbox.subject, '%Ancienne%'))),
    ).toEqual([]);
  });
});
