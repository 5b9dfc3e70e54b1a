import { desc, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { CalendarExceptionView, HoursPage, MenuHoursView, OrderingView } from '@resto/contract/backoffice-hours';
import { auditLog, menus } from '../../db/schema.ts';
import { buildOrderPayload, errorOf, getJson, looksFrench, payloadOf, postOrder, type JsonResponse, type TestServer } from '../../test/harness.ts';
import { staffRequest, startBackOfficeServer, type TestStaff } from '../../test/staff.ts';

/**
 * Hours, exceptional days, pause and busy mode over real HTTP (docs/decisions/023), on a fixed clock:
 * Tuesday 24 November 2026, 12:30 in Paris (the demo restaurant is open; closed on Mondays;
 * pickup slots 11:45–14:15 and 18:45–22:15, pickup lead time 20 minutes).
 */
const now = new Date('2026-11-24T11:30:00Z');

let server: TestServer;
let owner: TestStaff;
let member: TestStaff;

beforeAll(async () => {
  ({ server, owner, staff: member } = await startBackOfficeServer(now));
});
afterAll(async () => server?.close());

function call<T>(who: TestStaff | null, method: 'GET' | 'POST' | 'PUT' | 'DELETE', path: string, body?: unknown): Promise<JsonResponse<T>> {
  return staffRequest<T>(server, who?.cookie ?? null, method, `/v2/restaurant${path}`, body);
}

const hoursPage = async () => payloadOf(await call<HoursPage>(owner, 'GET', '/hours'));
const laCarte = async () => (await hoursPage()).menus.find((m) => m.menu_id === 1)!;

/** A pickup cash order: as soon as possible, or for a slot of a day. */
async function order(slot?: { date: string; range: string }) {
  const schedule = slot ? { is_scheduled: true, delivery_date: slot.date, delivery_time_range: slot.range } : { is_scheduled: false };
  return postOrder(server.baseUrl, await buildOrderPayload(server, schedule));
}

async function publicSetting(name: string): Promise<unknown> {
  const settings = payloadOf(await getJson<{ name: string; value: unknown }[]>(server.baseUrl, '/v2/public/settings'));
  return settings.find((s) => s.name === name)?.value;
}

async function auditOf(entity: string) {
  return server.db.select().from(auditLog).where(eq(auditLog.entity, entity)).orderBy(desc(auditLog.id));
}

describe('a menu’s weekly hours (owner)', () => {
  test('the owner replaces Tuesday’s hours: the storefront’s menu shows them, the audit log says who', async () => {
    const before = await laCarte();
    const tuesday = [{ start: '11:00', end: '15:00' }];
    const saved = await call<MenuHoursView>(owner, 'PUT', '/menus/1/hours', {
      active_times: { ...before.active_times, tue: tuesday },
      time_ranges: { ...before.time_ranges, tue: [{ start: '11:30', end: '14:30' }] },
      pickup_time_ranges: before.pickup_time_ranges,
      expected_version: before.version,
    });
    expect(saved.status).toBe(200);
    const view = payloadOf(saved);
    expect(view.active_times.tue).toEqual(tuesday);
    expect(view.version).toBeGreaterThan(before.version);
    const publicMenu = payloadOf(await getJson<{ menu_id: number; time_ranges: Record<string, unknown>; active_times: { day: string; times: unknown }[] }[]>(server.baseUrl, '/v2/public/menus')).find((m) => m.menu_id === 1)!;
    expect(publicMenu.time_ranges.tue).toEqual([{ start: '11:30', end: '14:30' }]);
    expect(publicMenu.active_times.find((a) => a.day === 'tue')?.times).toEqual(tuesday);
    const [entry] = await auditOf('menu');
    expect(entry).toMatchObject({ staffName: 'Margot Lefèvre', action: 'hours', entityId: '1', summary: 'Horaires de « La carte » modifiés' });
    expect((entry!.before as MenuHoursView).active_times.tue).toEqual(before.active_times.tue);
    expect((entry!.after as MenuHoursView).active_times.tue).toEqual(tuesday);
    // Back as it was, for the other tests.
    payloadOf(await call(owner, 'PUT', '/menus/1/hours', { ...before, expected_version: view.version }));
  });

  test('a range that ends before it starts, or overlaps another: French error on the field, nothing written', async () => {
    const before = await laCarte();
    const [row] = await server.db.select().from(menus).where(eq(menus.menuId, 1));
    const endBeforeStart = await call(owner, 'PUT', '/menus/1/hours', {
      ...before,
      pickup_time_ranges: { ...before.pickup_time_ranges, wed: [{ start: '14:00', end: '12:00' }] },
      expected_version: before.version,
    });
    expect(endBeforeStart.status).toBe(400);
    expect(errorOf(endBeforeStart).code).toBe('invalid_request');
    expect(errorOf(endBeforeStart).errors).toContainEqual({ path: 'pickup_time_ranges.wed.0.end', message: 'L’heure de fin doit être après l’heure de début.' });
    const overlap = await call(owner, 'PUT', '/menus/1/hours', {
      ...before,
      active_times: { ...before.active_times, fri: [{ start: '11:00', end: '15:00' }, { start: '14:00', end: '16:00' }] },
      expected_version: before.version,
    });
    expect(errorOf(overlap).errors).toContainEqual({ path: 'active_times.fri.1.end', message: 'Cette plage chevauche une autre plage du même jour.' });
    const badTime = await call(owner, 'PUT', '/menus/1/hours', { ...before, time_ranges: { thu: [{ start: '25:00', end: '26:00' }] }, expected_version: before.version });
    expect(errorOf(badTime).errors.map((e) => e.path)).toContain('time_ranges.thu.0.start');
    for (const refused of [endBeforeStart, overlap, badTime]) expect(looksFrench(errorOf(refused).message)).toBe(true);
    const [after] = await server.db.select().from(menus).where(eq(menus.menuId, 1));
    expect(after).toEqual(row);
  });

  test('midnight: a range ending at 00:00 is accepted (it runs to midnight)', async () => {
    const before = await laCarte();
    const saved = await call<MenuHoursView>(owner, 'PUT', '/menus/1/hours', { ...before, active_times: { ...before.active_times, sat: [{ start: '18:30', end: '00:00' }] }, expected_version: before.version });
    expect(saved.status).toBe(200);
    payloadOf(await call(owner, 'PUT', '/menus/1/hours', { ...before, expected_version: payloadOf(saved).version }));
  });

  test('an edit based on a stale version: 409 stale_edit with the current hours, nothing written', async () => {
    const before = await laCarte();
    const first = payloadOf(await call<MenuHoursView>(owner, 'PUT', '/menus/1/hours', { ...before, time_ranges: { ...before.time_ranges, sun: [] }, expected_version: before.version }));
    const second = await call(owner, 'PUT', '/menus/1/hours', { ...before, time_ranges: { ...before.time_ranges, sat: [] }, expected_version: before.version });
    expect(second.status).toBe(409);
    const error = errorOf(second);
    expect(error.code).toBe('stale_edit');
    expect(looksFrench(error.message)).toBe(true);
    expect((error.payload as { current: MenuHoursView }).current).toEqual(first);
    expect((await laCarte()).time_ranges.sat).toEqual(before.time_ranges.sat);
    payloadOf(await call(owner, 'PUT', '/menus/1/hours', { ...before, expected_version: first.version }));
  });

  test('roles: staff may not read nor edit hours (403), nobody signed out (401); an unknown menu is 404', async () => {
    const before = await laCarte();
    const body = { ...before, expected_version: before.version };
    expect(errorOf(await call(member, 'GET', '/hours')).code).toBe('staff_forbidden');
    expect(errorOf(await call(member, 'PUT', '/menus/1/hours', body)).code).toBe('staff_forbidden');
    expect(errorOf(await call(null, 'PUT', '/menus/1/hours', body)).code).toBe('staff_login_required');
    expect((await call(owner, 'PUT', '/menus/999/hours', body)).status).toBe(404);
    expect((await laCarte()).version).toBe(before.version);
  });
});

describe('exceptional days (owner)', () => {
  test('a closure tomorrow refuses its slots; a closure today refuses ASAP; both shown on the storefront; removing them reopens', async () => {
    const tomorrow = { date: '2026-11-25', range: '13:00-13:15' };
    expect((await order(tomorrow)).status).toBe(201);
    const closed = await call<CalendarExceptionView>(owner, 'POST', '/exceptions', { date: '2026-11-25', is_closed: true });
    expect(closed.status).toBe(201);
    expect(payloadOf(closed)).toMatchObject({ date: '2026-11-25', is_closed: true, ranges: [], message: 'Fermeture exceptionnelle le 25 novembre' });
    const refused = await order(tomorrow);
    expect(refused.status).toBe(422);
    expect(errorOf(refused).code).toBe('slot_unavailable');
    expect(await publicSetting('calendar.exceptions')).toEqual([{ date: '2026-11-25', is_closed: true, ranges: [], message: 'Fermeture exceptionnelle le 25 novembre' }]);

    expect((await order()).status).toBe(201);
    const today = payloadOf(await call<CalendarExceptionView>(owner, 'POST', '/exceptions', { date: '2026-11-24', is_closed: true, message: 'Fermé pour inventaire' }));
    const asap = await order();
    expect(asap.status).toBe(422);
    expect(errorOf(asap).errors[0]?.path).toBe('is_scheduled');
    const menusNow = payloadOf(await getJson<{ menu_id: number; menu_is_open: boolean }[]>(server.baseUrl, '/v2/public/menus'));
    expect(menusNow.find((m) => m.menu_id === 1)?.menu_is_open).toBe(false);

    for (const e of [payloadOf(closed), today]) expect((await call(owner, 'DELETE', `/exceptions/${e.id}`)).status).toBe(200);
    expect((await order(tomorrow)).status).toBe(201);
    expect((await order()).status).toBe(201);
    expect((await auditOf('exception')).map((e) => e.action)).toEqual(['delete', 'delete', 'create', 'create']);
  });

  test('an exceptional opening on a Monday (the demo is closed on Mondays) accepts a slot within its ranges', async () => {
    const monday = { date: '2026-11-30', range: '18:30-18:45' };
    expect((await order(monday)).status).toBe(422);
    const opening = payloadOf(await call<CalendarExceptionView>(owner, 'POST', '/exceptions', { date: '2026-11-30', is_closed: false, ranges: [{ start: '18:00', end: '20:00' }] }));
    expect(opening.message).toBe('Ouverture exceptionnelle le 30 novembre');
    expect((await order(monday)).status).toBe(201);
    expect((await order({ date: '2026-11-30', range: '20:00-20:15' })).status).toBe(422);
    // Edited into a closure, with the version read; a stale version is refused with the current values.
    const edited = await call<CalendarExceptionView>(owner, 'PUT', `/exceptions/${opening.id}`, { date: '2026-11-30', is_closed: true, message: 'Congés', expected_version: opening.version });
    expect(payloadOf(edited)).toMatchObject({ is_closed: true, ranges: [], message: 'Congés' });
    const stale = await call(owner, 'PUT', `/exceptions/${opening.id}`, { date: '2026-11-30', is_closed: false, ranges: [{ start: '18:00', end: '19:00' }], expected_version: opening.version });
    expect(stale.status).toBe(409);
    expect((errorOf(stale).payload as { current: CalendarExceptionView }).current).toEqual(payloadOf(edited));
    expect((await order(monday)).status).toBe(422);
    expect((await call(owner, 'DELETE', `/exceptions/${opening.id}`)).status).toBe(200);
    expect((await call(owner, 'DELETE', `/exceptions/${opening.id}`)).status).toBe(404);
  });

  test('refused: a past date, a second exception on a date, an opening without ranges or with a range ending before it starts; staff may not', async () => {
    const past = await call(owner, 'POST', '/exceptions', { date: '2026-11-23', is_closed: true });
    expect(errorOf(past).errors).toEqual([{ path: 'date', message: 'Cette date est passée : choisissez aujourd’hui ou un jour à venir.' }]);
    expect(errorOf(await call(owner, 'POST', '/exceptions', { date: '2026-02-30', is_closed: true })).errors[0]?.path).toBe('date');
    expect(errorOf(await call(owner, 'POST', '/exceptions', { date: '2026-12-24', is_closed: false, ranges: [] })).errors[0]?.path).toBe('ranges');
    const backwards = await call(owner, 'POST', '/exceptions', { date: '2026-12-24', is_closed: false, ranges: [{ start: '20:00', end: '19:00' }] });
    expect(errorOf(backwards).errors).toEqual([{ path: 'ranges.0.end', message: 'L’heure de fin doit être après l’heure de début.' }]);
    const christmas = payloadOf(await call<CalendarExceptionView>(owner, 'POST', '/exceptions', { date: '2026-12-25', is_closed: true }));
    const twice = await call(owner, 'POST', '/exceptions', { date: '2026-12-25', is_closed: true });
    expect(errorOf(twice).errors[0]).toEqual({ path: 'date', message: 'Une exception existe déjà pour ce jour : modifiez-la plutôt.' });
    expect(errorOf(await call(member, 'POST', '/exceptions', { date: '2026-12-26', is_closed: true })).code).toBe('staff_forbidden');
    expect((await hoursPage()).exceptions.map((e) => e.date)).toEqual(['2026-12-25']);
    // Beyond the horizon: not in the storefront's settings yet.
    expect(await publicSetting('calendar.exceptions')).toEqual([]);
    expect((await call(owner, 'DELETE', `/exceptions/${christmas.id}`)).status).toBe(200);
  });
});

describe('pause and busy mode (any staff member)', () => {
  test('staff pauses for 60 minutes: ASAP and the slots inside the pause refused with its end, the slots after it accepted; resume accepts ASAP again', async () => {
    const paused = await call<OrderingView>(member, 'POST', '/ordering/pause', { minutes: 60 });
    expect(paused.status).toBe(200);
    expect(payloadOf(paused).paused_until).toBe('2026-11-24T12:30:00.000Z');
    expect(await publicSetting('ordering.paused_until')).toBe('2026-11-24T12:30:00.000Z');
    // docs/decisions/023, « Pause »: « dès que possible » and the slots starting before 13:30 are stopped.
    const refusals = [
      [undefined, 'is_scheduled', 'Le restaurant fait une pause jusqu’à 13:30 : choisissez un créneau.'],
      [{ date: '2026-11-24', range: '13:00-13:15' }, 'delivery_time_range', 'Ce créneau tombe pendant la pause du restaurant : choisissez un créneau à partir de 13:30.'],
      [{ date: '2026-11-24', range: '13:15-13:30' }, 'delivery_time_range', 'Ce créneau tombe pendant la pause du restaurant : choisissez un créneau à partir de 13:30.'],
    ] as const;
    for (const [slot, path, message] of refusals) {
      const refused = await order(slot);
      expect(refused.status).toBe(422);
      expect(errorOf(refused)).toMatchObject({ code: 'ordering_paused', message, errors: [{ path, message }] });
    }
    // The slot starting at the pause's end, and tomorrow's, stay bookable during the pause.
    expect((await order({ date: '2026-11-24', range: '13:30-13:45' })).status).toBe(201);
    expect((await order({ date: '2026-11-25', range: '13:00-13:15' })).status).toBe(201);
    const resumed = await call<OrderingView>(member, 'POST', '/ordering/resume');
    expect(payloadOf(resumed).paused_until).toBeNull();
    expect(await publicSetting('ordering.paused_until')).toBeNull();
    expect((await order()).status).toBe(201);
    const entries = await auditOf('ordering');
    expect(entries.slice(0, 2).map((e) => [e.action, e.staffName, e.summary])).toEqual([
      ['resume', 'Karim Benali', 'Commandes reprises'],
      ['pause', 'Karim Benali', 'Commandes en pause jusqu’à 13:30'],
    ]);
  });

  test('the rest of the day ends with the last opening range (22:30); an odd length is refused', async () => {
    const paused = payloadOf(await call<OrderingView>(owner, 'POST', '/ordering/pause', { until: 'end_of_day' }));
    expect(paused.paused_until).toBe('2026-11-24T21:30:00.000Z');
    expect(errorOf(await order()).message).toBe('Le restaurant fait une pause jusqu’à 22:30 : choisissez un créneau.');
    expect((await call(owner, 'POST', '/ordering/pause', { minutes: 45 })).status).toBe(400);
    expect((await call(null, 'POST', '/ordering/pause', { minutes: 15 })).status).toBe(401);
    payloadOf(await call(owner, 'POST', '/ordering/resume'));
    expect(payloadOf(await call<OrderingView>(member, 'GET', '/ordering')).paused_until).toBeNull();
  });

  test('busy mode +30 min pushes today’s first slot; busy off brings it back', async () => {
    const first = { date: '2026-11-24', range: '13:00-13:15' }; // after 12:30 + 20 min
    expect((await order(first)).status).toBe(201);
    const busy = payloadOf(await call<OrderingView>(member, 'POST', '/ordering/busy', { extra_minutes: 30, minutes: 60 }));
    expect(busy).toMatchObject({ busy_extra_minutes: 30, busy_until: '2026-11-24T12:30:00.000Z' });
    expect(await publicSetting('ordering.busy_extra_minutes')).toBe(30);
    expect((await order(first)).status).toBe(422);
    expect((await order({ date: '2026-11-24', range: '13:15-13:30' })).status).toBe(422);
    expect((await order({ date: '2026-11-24', range: '13:30-13:45' })).status).toBe(201);
    expect((await order()).status).toBe(201); // ASAP still offered, only later
    expect((await call(owner, 'POST', '/ordering/busy', { extra_minutes: 15, minutes: 60 })).status).toBe(400);
    payloadOf(await call(member, 'POST', '/ordering/busy-off'));
    expect(await publicSetting('ordering.busy_extra_minutes')).toBe(0);
    expect((await order(first)).status).toBe(201);
    const entries = await server.db.select().from(auditLog).where(inArray(auditLog.action, ['busy', 'busy_off'])).orderBy(desc(auditLog.id));
    expect(entries.map((e) => e.summary)).toEqual(['Mode affluence arrêté', 'Mode affluence : +30 min jusqu’à 13:30']);
  });
});
