import { describe, expect, test } from 'vitest';
import { weekdays, type TimeRange } from './catalogue.ts';
import { emptyCalendar, type RestaurantCalendar } from './calendar.ts';
import { escalationDueAt, handlingStartsAt, openingsOn, screensOutage, waitingMinutes, type OpeningMenu, type WaitingOrderTimes } from './handling-time.ts';

/**
 * When the unseen alert and the automatic refusal count from (docs/decisions/022-nothing-unseen.md,
 * « Counting in opening time »), on fixed instants in Europe/Paris. The demo restaurant's hours:
 * closed on Mondays, 11:30–14:30 and 18:30–22:30 the other days. 2026-11-24 is a Tuesday, 2026-11-30 a Monday.
 */
const lunchAndDinner: TimeRange[] = [
  { start: '11:30', end: '14:30' },
  { start: '18:30', end: '22:30' },
];
const demo: OpeningMenu[] = [
  { menu_is_available: true, active_times: weekdays.map((day) => ({ day, label: day, is_open: day !== 'mon', times: day === 'mon' ? [] : lunchAndDinner })) },
];
const paris = (local: string) => new Date(`${local}:00+01:00`);
const closedWednesday: RestaurantCalendar = {
  ...emptyCalendar,
  exceptions: [{ date: '2026-11-25', is_closed: true, ranges: [], message: 'Fermeture exceptionnelle' }],
};
const unseenAlertMinutes = 2;
const autoRejectMinutes = 10;

interface Case {
  name: string;
  order: WaitingOrderTimes;
  calendar?: RestaurantCalendar;
  /** Paris local times, 'YYYY-MM-DDTHH:MM'. */
  handlingStarts: string;
  alertAt: string;
  refusedAt: string;
}

const cases: Case[] = [
  {
    name: 'placed at night (22:12) for tomorrow 19:30: from tomorrow’s 18:30 opening',
    order: { placedAt: paris('2026-11-24T22:12'), deliveryDate: '2026-11-25', deliveryTimeRange: '19:30 - 19:45' },
    handlingStarts: '2026-11-25T18:30',
    alertAt: '2026-11-25T18:32',
    refusedAt: '2026-11-25T18:40',
  },
  {
    name: 'placed at night for tomorrow 13:00: from tomorrow’s 11:30 opening',
    order: { placedAt: paris('2026-11-24T22:12'), deliveryDate: '2026-11-25', deliveryTimeRange: '13:00' },
    handlingStarts: '2026-11-25T11:30',
    alertAt: '2026-11-25T11:32',
    refusedAt: '2026-11-25T11:40',
  },
  {
    name: 'placed in the morning (09:10, closed) for the evening: from the 18:30 opening',
    order: { placedAt: paris('2026-11-24T09:10'), deliveryDate: '2026-11-24', deliveryTimeRange: '20:00 - 20:15' },
    handlingStarts: '2026-11-24T18:30',
    alertAt: '2026-11-24T18:32',
    refusedAt: '2026-11-24T18:40',
  },
  {
    name: 'placed during lunch for the evening: from the 18:30 opening, not from lunch',
    order: { placedAt: paris('2026-11-24T12:05'), deliveryDate: '2026-11-24', deliveryTimeRange: '19:00 - 19:15' },
    handlingStarts: '2026-11-24T18:30',
    alertAt: '2026-11-24T18:32',
    refusedAt: '2026-11-24T18:40',
  },
  {
    name: 'as soon as possible during service: from its placing',
    order: { placedAt: paris('2026-11-24T12:30'), deliveryDate: null, deliveryTimeRange: null },
    handlingStarts: '2026-11-24T12:30',
    alertAt: '2026-11-24T12:32',
    refusedAt: '2026-11-24T12:40',
  },
  {
    name: 'scheduled during service for a slot in the same opening: from its placing',
    order: { placedAt: paris('2026-11-24T12:30'), deliveryDate: '2026-11-24', deliveryTimeRange: '13:30 - 13:45' },
    handlingStarts: '2026-11-24T12:30',
    alertAt: '2026-11-24T12:32',
    refusedAt: '2026-11-24T12:40',
  },
  {
    name: 'as soon as possible five minutes before closing: the rest counts at the next opening',
    order: { placedAt: paris('2026-11-24T22:25') },
    handlingStarts: '2026-11-24T22:25',
    alertAt: '2026-11-24T22:27',
    refusedAt: '2026-11-25T11:35',
  },
  {
    name: 'placed on Sunday night for Tuesday lunch, across the closed Monday',
    order: { placedAt: paris('2026-11-29T21:50'), deliveryDate: '2026-12-01', deliveryTimeRange: '12:15 - 12:30' },
    handlingStarts: '2026-12-01T11:30',
    alertAt: '2026-12-01T11:32',
    refusedAt: '2026-12-01T11:40',
  },
  {
    name: 'placed on the closed Monday, as soon as possible: from Tuesday’s opening',
    order: { placedAt: paris('2026-11-30T15:00') },
    handlingStarts: '2026-12-01T11:30',
    alertAt: '2026-12-01T11:32',
    refusedAt: '2026-12-01T11:40',
  },
  {
    name: 'across an exceptional closure: 22:25 on Tuesday, Wednesday closed, counted on Thursday',
    order: { placedAt: paris('2026-11-24T22:25') },
    calendar: closedWednesday,
    handlingStarts: '2026-11-24T22:25',
    alertAt: '2026-11-24T22:27',
    refusedAt: '2026-11-26T11:35',
  },
  {
    name: 'slot on a day closed after booking: from the opening before it (Tuesday evening)',
    order: { placedAt: paris('2026-11-24T10:00'), deliveryDate: '2026-11-25', deliveryTimeRange: '12:00' },
    calendar: closedWednesday,
    handlingStarts: '2026-11-24T18:30',
    alertAt: '2026-11-24T18:32',
    refusedAt: '2026-11-24T18:40',
  },
  {
    name: 'a slot after closing time (22:45, delivery hours longer than opening): from that evening’s opening',
    order: { placedAt: paris('2026-11-24T13:00'), deliveryDate: '2026-11-24', deliveryTimeRange: '22:45' },
    handlingStarts: '2026-11-24T18:30',
    alertAt: '2026-11-24T18:32',
    refusedAt: '2026-11-24T18:40',
  },
];

describe('handling time: the unseen alert and the automatic refusal count in opening time', () => {
  test.each(cases)('$name', ({ order, calendar, handlingStarts, alertAt, refusedAt }) => {
    expect(handlingStartsAt(order, demo, calendar)).toEqual(paris(handlingStarts));
    expect(escalationDueAt(order, unseenAlertMinutes, demo, calendar)).toEqual(paris(alertAt));
    expect(escalationDueAt(order, autoRejectMinutes, demo, calendar)).toEqual(paris(refusedAt));
    // Just before the refusal, the order has waited less than the refusal's minutes; at it, exactly them.
    expect(waitingMinutes(order, new Date(paris(refusedAt).getTime() - 60_000), demo, calendar)).toBe(autoRejectMinutes - 1);
    expect(waitingMinutes(order, paris(refusedAt), demo, calendar)).toBe(autoRejectMinutes);
  });

  test('a restaurant that never opens in the window never escalates', () => {
    const closed: OpeningMenu[] = [{ menu_is_available: false, active_times: demo[0]!.active_times }];
    const order = { placedAt: paris('2026-11-24T12:30') };
    expect(handlingStartsAt(order, closed)).toBeNull();
    expect(escalationDueAt(order, autoRejectMinutes, closed)).toBeNull();
    expect(waitingMinutes(order, paris('2026-11-24T13:30'), closed)).toBe(0);
  });

  test('before the handling start the order has not waited', () => {
    const order = { placedAt: paris('2026-11-24T22:12'), deliveryDate: '2026-11-25', deliveryTimeRange: '19:30 - 19:45' };
    expect(waitingMinutes(order, paris('2026-11-24T22:30'), demo)).toBe(0);
    expect(waitingMinutes(order, paris('2026-11-25T12:00'), demo)).toBe(0);
  });

  test('openings of several menus merge; an end of 00:00 runs to midnight; an exceptional opening replaces the weekday', () => {
    const brunch: OpeningMenu = {
      menu_is_available: true,
      active_times: weekdays.map((day) => ({ day, label: day, is_open: day === 'tue', times: day === 'tue' ? [{ start: '10:00', end: '12:00' }, { start: '22:00', end: '00:00' }] : [] })),
    };
    expect(openingsOn([...demo, brunch], '2026-11-24')).toEqual([
      { start: paris('2026-11-24T10:00'), end: paris('2026-11-24T14:30') },
      { start: paris('2026-11-24T18:30'), end: paris('2026-11-25T00:00') },
    ]);
    const openMonday: RestaurantCalendar = { ...emptyCalendar, exceptions: [{ date: '2026-11-30', is_closed: false, ranges: [{ start: '19:00', end: '21:00' }], message: '' }] };
    expect(openingsOn(demo, '2026-11-30', openMonday)).toEqual([{ start: paris('2026-11-30T19:00'), end: paris('2026-11-30T21:00') }]);
    expect(handlingStartsAt({ placedAt: paris('2026-11-30T15:00') }, demo, openMonday)).toEqual(paris('2026-11-30T19:00'));
  });

  test('summer time: the hours are Paris wall-clock hours on both sides of the change (29 March 2026)', () => {
    const order = { placedAt: new Date('2026-03-28T22:00:00+01:00'), deliveryDate: '2026-03-29', deliveryTimeRange: '12:00' };
    expect(handlingStartsAt(order, demo)).toEqual(new Date('2026-03-29T11:30:00+02:00'));
  });
});

describe('no staff screen during an opening: one e-mail per outage (docs/decisions/022, « One e-mail per outage »)', () => {
  const windowMs = 45_000;
  const owner = paris('2026-11-20T10:00');
  const dinnerKey = paris('2026-11-24T18:30').toISOString();
  test.each([
    { name: 'a screen heard 40 s ago: connected', now: '2026-11-24T19:00', last: '2026-11-24T18:59', staffSince: owner, expected: null },
    { name: 'closed (between lunch and dinner)', now: '2026-11-24T16:00', last: null, staffSince: owner, expected: null },
    { name: 'nobody on the staff yet (the demo’s first start): nobody could have opened a board', now: '2026-11-24T19:00', last: null, staffSince: null, expected: null },
    { name: 'silent for 2 min: a board reloading, not yet an outage', now: '2026-11-24T19:02', last: '2026-11-24T19:00', staffSince: owner, expected: null },
    { name: 'silent for 3 min: the outage of this dinner', now: '2026-11-24T19:03', last: '2026-11-24T19:00', staffSince: owner, expected: { key: dinnerKey, since: '2026-11-24T19:00' } },
    { name: 'the same dinner, another tab closed later: the same outage', now: '2026-11-24T21:10', last: '2026-11-24T21:05', staffSince: owner, expected: { key: dinnerKey, since: '2026-11-24T21:05' } },
    { name: 'never connected: counted from the opening (18:30), alerted at 18:33', now: '2026-11-24T18:33', last: null, staffSince: owner, expected: { key: dinnerKey, since: null } },
    { name: 'never connected, 2 min into the opening: not yet', now: '2026-11-24T18:32', last: null, staffSince: owner, expected: null },
    { name: 'the owner created 1 min ago: not yet', now: '2026-11-24T19:00', last: null, staffSince: paris('2026-11-24T18:59'), expected: null },
    {
      name: 'the next day’s lunch: a new outage',
      now: '2026-11-25T12:00',
      last: '2026-11-24T21:05',
      staffSince: owner,
      expected: { key: paris('2026-11-25T11:30').toISOString(), since: '2026-11-24T21:05' },
    },
  ])('$name', ({ now, last, staffSince, expected }) => {
    const outage = screensOutage({ now: paris(now), lastHeartbeat: last ? paris(last) : null, staffSince, windowMs }, demo);
    expect(outage).toEqual(expected && { key: expected.key, since: expected.since ? paris(expected.since) : null });
  });
});
