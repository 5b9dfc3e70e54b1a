import { useEffect, useMemo } from 'react';
import type { Menu } from '@resto/domain/catalogue';
import type { SettingsList } from '@resto/domain/settings';
import { formatDay } from '@resto/domain/format';
import {
  generateSlots,
  isAsapOffered,
  isRestaurantOpen,
  leadTimeMinutes,
  readSchedulingSettings,
  readStaffPresence,
  schedulableDates,
  toRestaurantDate,
  addDays,
} from '@resto/domain/scheduling';
import { isStoppedByPause, parisTime, readCalendar } from '@resto/domain/calendar';
import { capacityAnswers, capacityPicker } from '@resto/copy/staff/capacity';
import { schedulePicker } from '@resto/copy/storefront/checkout';
import { useFullSlots } from '../backoffice-capacity/index.ts';

export interface ScheduleValue {
  is_scheduled: boolean;
  delivery_date: string | null;
  delivery_time_range: string | null;
}

/**
 * When the order is wanted (spec sections 3, 5 and 9): "as soon as possible" while the restaurant
 * is open and someone will see the order (a staff screen connected, or orders handled by e-mail:
 * isAsapOffered, docs/decisions/022), else a day (only days with slots) and a 15-minute slot, computed
 * in Europe/Paris by the domain whatever the browser's time zone. Open without a screen, or
 * during a pause, the earliest slot is chosen for the visitor. The calendar in the settings
 * (docs/decisions/023) applies: exceptional days, busy mode's extra minutes, and a pause stops ASAP and the
 * slots inside it only (isStoppedByPause, docs/decisions/023): the later ones stay offered.
 */
export function SchedulePicker({
  menus,
  settings,
  isPickup,
  value,
  onChange,
  error,
}: {
  menus: Menu[];
  settings: SettingsList;
  isPickup: boolean;
  value: ScheduleValue;
  onChange: (value: ScheduleValue) => void;
  error?: string | undefined;
}) {
  const now = new Date();
  const minute = Math.floor(now.getTime() / 60_000);
  const scheduling = readSchedulingSettings(settings, isPickup);
  const calendar = useMemo(() => readCalendar(settings), [settings]);
  const paused = isStoppedByPause(calendar, now, 'asap');
  const restaurantOpen = useMemo(() => isRestaurantOpen(menus, now, calendar), [menus, minute, calendar]);
  const open = useMemo(() => isAsapOffered(menus, now, readStaffPresence(settings), calendar), [menus, minute, settings, calendar]);
  /** Open, but no staff screen to see an ASAP order at once. */
  const noScreen = restaurantOpen && !open && !paused;
  /** Open, but ASAP stopped (no screen, or a pause): a slot instead. */
  const asapStopped = restaurantOpen && !open;
  const dates = useMemo(() => schedulableDates({ now, isPickup, menus, scheduling, calendar }), [menus, isPickup, minute, settings, calendar]);
  const scheduled = value.is_scheduled || !open;
  const date = value.delivery_date && dates.includes(value.delivery_date) ? value.delivery_date : (dates[0] ?? null);
  const slots = useMemo(
    () => (date ? generateSlots({ date, now, isPickup, menus, scheduling, calendar }) : []),
    [date, menus, isPickup, minute, settings, calendar],
  );
  // Capacity (docs/decisions/023): full slots show « complet » and cannot be chosen.
  const { full, asapFull } = useFullSlots(date, isPickup, settings);
  const selectedFull = value.delivery_time_range !== null && slots.some((s) => s.value === value.delivery_time_range && full.has(s.start));
  useEffect(() => {
    if (selectedFull) onChange({ ...value, delivery_time_range: null });
  }, [selectedFull, value, onChange]);
  const today = toRestaurantDate(now);
  const dayLabel = (d: string) =>
    d === today ? schedulePicker.today(formatDay(d)) : d === addDays(today, 1) ? schedulePicker.tomorrow(formatDay(d)) : formatDay(d);
  const radio = 'flex min-h-12 cursor-pointer items-center gap-3 rounded-2xl border-2 px-4 py-3';
  // No screen, or a pause: the earliest slot instead of ASAP, chosen for the visitor (they may pick another).
  const earliest = slots.find((s) => !full.has(s.start))?.value ?? null;
  useEffect(() => {
    if (asapStopped && !value.delivery_time_range && date && earliest) onChange({ is_scheduled: true, delivery_date: date, delivery_time_range: earliest });
  }, [asapStopped, value.delivery_time_range, date, earliest, onChange]);
  // Capacity: the slot « dès que possible » would take is full: a slot instead, chosen for the visitor.
  useEffect(() => {
    if (asapFull && !value.is_scheduled && date && earliest) onChange({ is_scheduled: true, delivery_date: date, delivery_time_range: earliest });
  }, [asapFull, value.is_scheduled, date, earliest, onChange]);

  return (
    <fieldset className="space-y-3">
      <legend className="mb-2 font-bold">
        {isPickup ? schedulePicker.pickupQuestion : schedulePicker.deliveryQuestion}
      </legend>
      <div className="grid gap-3 sm:grid-cols-2">
        <label className={`${radio} ${!scheduled ? 'border-brand-600 bg-brand-50' : 'border-black/10'} ${open ? '' : 'cursor-not-allowed opacity-60'}`}>
          <input
            type="radio"
            name="when"
            checked={!scheduled}
            disabled={!open || asapFull}
            onChange={() => onChange({ is_scheduled: false, delivery_date: null, delivery_time_range: null })}
            className="size-5 accent-brand-600"
          />
          <span>
            <span className="block font-semibold">{schedulePicker.asSoonAsPossible}</span>
            <span className="text-sm text-ink/70">
              {open
                ? schedulePicker.aboutMinutes(leadTimeMinutes(scheduling, now, calendar))
                : paused
                  ? schedulePicker.pausedChooseSlot(parisTime(calendar.ordering.paused_until!))
                  : noScreen
                    ? schedulePicker.noAsapHint
                    : schedulePicker.closedNow}
            </span>
          </span>
        </label>
        <label className={`${radio} ${scheduled ? 'border-brand-600 bg-brand-50' : 'border-black/10'}`}>
          <input
            type="radio"
            name="when"
            checked={scheduled}
            onChange={() => onChange({ is_scheduled: true, delivery_date: date, delivery_time_range: earliest })}
            className="size-5 accent-brand-600"
          />
          <span className="block font-semibold">{schedulePicker.schedule}</span>
        </label>
      </div>
      {asapFull && open ? (
        <p role="status" className="text-sm font-medium text-ink/80">
          {capacityAnswers.asapFull}
        </p>
      ) : null}
      {scheduled ? (
        dates.length === 0 ? (
          <p className="text-sm font-medium text-red-700">{schedulePicker.noSlot}</p>
        ) : (
          <div className="grid gap-3 sm:grid-cols-2">
            <div>
              <label htmlFor="delivery_date" className="mb-1 block text-sm font-semibold">
                {schedulePicker.day}
              </label>
              <select
                id="delivery_date"
                value={date ?? ''}
                onChange={(e) => {
                  const next = e.target.value;
                  const first = generateSlots({ date: next, now, isPickup, menus, scheduling, calendar })[0];
                  onChange({ is_scheduled: true, delivery_date: next, delivery_time_range: first?.value ?? null });
                }}
                className="w-full rounded-xl border border-black/15 bg-white px-3 py-2.5 text-base"
              >
                {dates.map((d) => (
                  <option key={d} value={d}>
                    {dayLabel(d)}
                  </option>
                ))}
              </select>
            </div>
            <div>
              <label htmlFor="delivery_time_range" className="mb-1 block text-sm font-semibold">
                {schedulePicker.slot}
              </label>
              <select
                id="delivery_time_range"
                value={value.delivery_time_range ?? ''}
                aria-invalid={error ? true : undefined}
                aria-describedby={error ? 'delivery_time_range-error' : undefined}
                onChange={(e) => onChange({ is_scheduled: true, delivery_date: date, delivery_time_range: e.target.value || null })}
                className={`w-full rounded-xl border bg-white px-3 py-2.5 text-base ${error ? 'border-red-600' : 'border-black/15'}`}
              >
                <option value="">{schedulePicker.chooseSlot}</option>
                {slots.map((slot) => (
                  <option key={slot.value} value={slot.value} disabled={full.has(slot.start)}>
                    {full.has(slot.start) ? capacityPicker.fullLabel(slot.label) : slot.label}
                  </option>
                ))}
              </select>
              {slots.some((slot) => full.has(slot.start)) ? (
                <p className="mt-1 text-sm text-ink/70" data-testid="full-slots">
                  {capacityPicker.fullList(slots.filter((slot) => full.has(slot.start)).map((slot) => slot.label))}
                </p>
              ) : null}
            </div>
          </div>
        )
      ) : null}
      {error ? (
        <p id="delivery_time_range-error" className="text-sm font-medium text-red-700">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}
