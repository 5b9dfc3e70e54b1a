import { useCallback, useEffect, useRef, useState } from 'react';
import { Gauge, Pause, Play, X } from 'lucide-react';
import { busyDurations, busyExtraChoices, pauseMinutes, type OrderingView, type PauseBody } from '@resto/contract/backoffice-hours';
import * as hoursRoutes from '@resto/contract/hours.routes';
import { parisTime } from '@resto/domain/calendar';
import { orderingControls as t } from '@resto/copy/staff/hours';
import { api, ApiCallError } from '../../lib/api.ts';
import { formatCountdown } from './countdown.ts';

/** How often a screen reads the state again (another screen may have paused), ms. */
const refreshMs = 30_000;

/**
 * The ordering state of the restaurant, read from GET /v2/restaurant/ordering and kept live: read
 * again every 30 s and after each change; `serverNow()` is the server's clock (the state carries
 * it), so a countdown does not depend on the device's clock. `change` sends one action (its call
 * of hours.routes) and shows the state it answers.
 */
function useOrdering(initial?: OrderingView) {
  const [state, setState] = useState<OrderingView | null>(initial ?? null);
  const offset = useRef(0);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const accept = useCallback((view: OrderingView) => {
    offset.current = Date.parse(view.now) - Date.now();
    setState(view);
  }, []);
  const load = useCallback(async () => {
    try {
      accept(await api.call(hoursRoutes.getOrdering));
    } catch {
      // A failed refresh keeps what is shown; the next one tries again.
    }
  }, [accept]);
  useEffect(() => {
    // The server's clock of the state the page was rendered with, then a fresh read at once.
    if (initial) offset.current = Date.parse(initial.now) - Date.now();
    const first = window.setTimeout(() => void load(), 0);
    const timer = window.setInterval(() => void load(), refreshMs);
    return () => {
      window.clearTimeout(first);
      window.clearInterval(timer);
    };
  }, [load, initial]);
  const change = async (send: () => Promise<OrderingView>) => {
    setBusy(true);
    setError(null);
    try {
      accept(await send());
      return true;
    } catch (e) {
      setError(e instanceof ApiCallError ? e.message : t.failed);
      return false;
    } finally {
      setBusy(false);
    }
  };
  const serverNow = () => Date.now() + offset.current;
  return { state, error, busy, change, serverNow, reload: load };
}

/** Re-renders every second while `active`. */
function useTick(active: boolean) {
  const [, setTick] = useState(0);
  useEffect(() => {
    if (!active) return;
    const timer = window.setInterval(() => setTick((n) => n + 1), 1000);
    return () => window.clearInterval(timer);
  }, [active]);
}

const pill = 'inline-flex min-h-11 items-center justify-center gap-1.5 rounded-full px-4 py-2 text-sm font-bold';

/**
 * Pause and busy mode (docs/decisions/023), for any staff member: on the board's header and on the
 * Horaires page. « Pause » opens the choices 15 / 30 / 60 min / reste de la journée; while paused,
 * a banner with the end, a live countdown and « Reprendre ». « Affluence » opens +10 / +20 / +30
 * minutes for a chosen length; while busy, its extra minutes and end with « Arrêter ».
 */
export function OrderingControls({ initial }: { initial?: OrderingView }) {
  const { state, error, busy, change, serverNow, reload } = useOrdering(initial);
  const [panel, setPanel] = useState<'pause' | 'busy' | null>(null);
  const [busyFor, setBusyFor] = useState<number>(60);
  const now = serverNow();
  const pausedUntil = state?.paused_until && Date.parse(state.paused_until) > now ? state.paused_until : null;
  const busyUntil = state?.busy_until && Date.parse(state.busy_until) > now ? state.busy_until : null;
  useTick(pausedUntil !== null || busyUntil !== null);
  // The pause ran out on this screen: read the state again (the server no longer counts it).
  const ended = useRef<string | null>(null);
  useEffect(() => {
    if (state?.paused_until && !pausedUntil && ended.current !== state.paused_until) {
      ended.current = state.paused_until;
      void reload();
    }
  }, [state?.paused_until, pausedUntil, reload]);

  const pause = async (body: PauseBody) => {
    if (await change(() => api.call(hoursRoutes.pauseOrdering, { body }))) setPanel(null);
  };
  const startBusy = async (extra: number) => {
    if (await change(() => api.call(hoursRoutes.startBusyMode, { body: { extra_minutes: extra, minutes: busyFor } }))) setPanel(null);
  };

  return (
    <div className="space-y-2" data-testid="ordering-controls" data-paused={String(pausedUntil !== null)} data-loaded={String(state !== null)}>
      {pausedUntil ? (
        <div role="status" className="flex flex-wrap items-center gap-x-3 gap-y-2 rounded-2xl bg-amber-100 p-3 text-amber-950" data-testid="pause-banner">
          <Pause aria-hidden className="size-5 shrink-0" />
          <p className="min-w-0 flex-1 font-bold">
            {t.pausedUntil(parisTime(pausedUntil))}
            <span className="block text-sm font-semibold tabular-nums" data-testid="pause-countdown">
              {t.countdown(formatCountdown(Date.parse(pausedUntil) - now))}
            </span>
          </p>
          <button type="button" disabled={busy} onClick={() => void change(() => api.call(hoursRoutes.resumeOrdering))} className={`${pill} bg-emerald-700 text-white hover:bg-emerald-800 disabled:opacity-60`}>
            <Play aria-hidden className="size-4" />
            {t.resume}
          </button>
        </div>
      ) : null}
      {busyUntil ? (
        <div role="status" className="flex flex-wrap items-center gap-x-3 gap-y-2 rounded-2xl bg-sky-100 p-3 text-sky-950" data-testid="busy-banner">
          <Gauge aria-hidden className="size-5 shrink-0" />
          <p className="min-w-0 flex-1 font-bold">{t.busyOn(state!.busy_extra_minutes, parisTime(busyUntil))}</p>
          <button type="button" disabled={busy} onClick={() => void change(() => api.call(hoursRoutes.stopBusyMode))} className={`${pill} bg-white text-sky-950 ring-1 ring-sky-900/20 disabled:opacity-60`}>
            {t.busyOff}
          </button>
        </div>
      ) : null}
      <div className="flex flex-wrap items-center gap-2">
        {!pausedUntil ? (
          <button
            type="button"
            aria-expanded={panel === 'pause'}
            aria-controls="ordering-pause-choices"
            disabled={!state}
            onClick={() => setPanel(panel === 'pause' ? null : 'pause')}
            className={`${pill} bg-amber-500 text-night hover:bg-amber-400 disabled:opacity-60`}
          >
            <Pause aria-hidden className="size-4" />
            {t.pause}
          </button>
        ) : null}
        <button
          type="button"
          aria-expanded={panel === 'busy'}
          aria-controls="ordering-busy-choices"
          disabled={!state}
          onClick={() => setPanel(panel === 'busy' ? null : 'busy')}
          className={`${pill} bg-white text-ink ring-1 ring-black/15 hover:bg-black/5 disabled:opacity-60`}
        >
          <Gauge aria-hidden className="size-4" />
          {t.busy}
        </button>
      </div>
      {panel === 'pause' && !pausedUntil ? (
        <fieldset id="ordering-pause-choices" className="rounded-2xl bg-white p-3 shadow-sm ring-1 ring-black/10">
          <legend className="sr-only">{t.pauseFor}</legend>
          <p aria-hidden className="mb-2 text-sm font-bold">
            {t.pauseFor}
          </p>
          <div className="grid grid-cols-2 gap-2 sm:grid-cols-4">
            {pauseMinutes.map((minutes) => (
              <button key={minutes} type="button" disabled={busy} onClick={() => void pause({ minutes })} className={`${pill} bg-amber-100 text-amber-950 hover:bg-amber-200`}>
                {t.minutes(minutes)}
              </button>
            ))}
            <button type="button" disabled={busy} onClick={() => void pause({ until: 'end_of_day' })} className={`${pill} bg-amber-100 text-amber-950 hover:bg-amber-200`}>
              {t.restOfDay}
            </button>
          </div>
        </fieldset>
      ) : null}
      {panel === 'busy' ? (
        <fieldset id="ordering-busy-choices" className="rounded-2xl bg-white p-3 shadow-sm ring-1 ring-black/10">
          <legend className="sr-only">{t.busyLabel}</legend>
          <div className="mb-2 flex flex-wrap items-center justify-between gap-2">
            <p aria-hidden className="text-sm font-bold">
              {t.busyLabel}
            </p>
            <label className="flex items-center gap-2 text-sm">
              {t.busyFor}
              <select value={busyFor} onChange={(e) => setBusyFor(Number(e.target.value))} className="min-h-11 rounded-xl border border-black/15 bg-white px-2">
                {busyDurations.map((minutes) => (
                  <option key={minutes} value={minutes}>
                    {t.minutes(minutes)}
                  </option>
                ))}
              </select>
            </label>
          </div>
          <div className="grid grid-cols-3 gap-2">
            {busyExtraChoices.map((extra) => (
              <button key={extra} type="button" disabled={busy} onClick={() => void startBusy(extra)} className={`${pill} bg-sky-100 text-sky-950 hover:bg-sky-200`}>
                {t.plusMinutes(extra)}
              </button>
            ))}
          </div>
          <button type="button" onClick={() => setPanel(null)} className="mt-2 inline-flex min-h-11 items-center gap-1 text-sm font-semibold text-ink/70">
            <X aria-hidden className="size-4" />
            {t.cancel}
          </button>
        </fieldset>
      ) : null}
      {error ? (
        <p role="alert" className="rounded-xl bg-red-50 px-3 py-2 text-sm font-medium text-red-800">
          {error}
        </p>
      ) : null}
    </div>
  );
}
