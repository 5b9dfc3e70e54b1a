import type { BoardOrder } from '@resto/contract/board';
import { readyTimePresetsMinutes } from '@resto/domain/order-lifecycle';
import { isRestaurantToday } from '@resto/domain/board-time';
import { parseSlotValue, restaurantInstant } from '@resto/domain/scheduling';

/**
 * The ready times the board offers (docs/decisions/019), as ISO instants: accept at +10/+20/+30 min
 * from the server's now (`readyTimePresetsMinutes`), or at the start of a scheduled order's slot;
 * delay by the same steps from the current ready time. Pure: `nowMs` is the server's clock.
 */

const minuteMs = 60_000;

/** The start of a scheduled order's slot (Europe/Paris wall clock → instant), or null for ASAP or an unreadable slot. */
export function slotStart(order: Pick<BoardOrder, 'is_scheduled' | 'delivery_date' | 'delivery_time_range'>): string | null {
  if (!order.is_scheduled || !order.delivery_date || !order.delivery_time_range) return null;
  const slot = parseSlotValue(order.delivery_time_range);
  return slot ? (restaurantInstant(order.delivery_date, slot.start)?.toISOString() ?? null) : null;
}

/** Accept presets: each step of minutes and its ready time from `nowMs`. */
export function acceptPresets(nowMs: number): { minutes: number; readyAt: string }[] {
  return readyTimePresetsMinutes.map((minutes) => ({ minutes, readyAt: new Date(nowMs + minutes * minuteMs).toISOString() }));
}

/**
 * What accepting `order` offers: the start of its slot (if scheduled) and the +10/+20/+30 min
 * presets from `nowMs`, except for an order scheduled on another day than today (Europe/Paris),
 * where minutes from now mean nothing: only its slot is offered.
 */
export function acceptChoices(
  order: Pick<BoardOrder, 'is_scheduled' | 'delivery_date' | 'delivery_time_range'>,
  nowMs: number,
): { slot: string | null; presets: { minutes: number; readyAt: string }[] } {
  const slot = slotStart(order);
  const otherDay = slot !== null && !isRestaurantToday(new Date(slot), new Date(nowMs));
  return { slot, presets: otherDay ? [] : acceptPresets(nowMs) };
}

/** Delay presets: each step of minutes added to the order's ready time (or to `nowMs` when it has none). */
export function delayPresets(order: Pick<BoardOrder, 'ready_at'>, nowMs: number): { base: string; presets: { minutes: number; readyAt: string }[] } {
  const base = order.ready_at ? Date.parse(order.ready_at) : nowMs;
  return { base: new Date(base).toISOString(), presets: acceptPresets(base) };
}
