import { CalendarX2, PauseCircle } from 'lucide-react';
import { isPaused, parisTime, readCalendar, upcomingExceptions } from '@resto/domain/calendar';
import { toRestaurantDate } from '@resto/domain/clock';
import { orderingBanner } from '@resto/copy/storefront/ordering';
import type { SettingsList } from '@resto/domain/settings';
import { useNow } from '../../lib/use-now.ts';

/**
 * The storefront's banner (docs/decisions/023), on the home page, the menu and checkout: « Commandes
 * en pause — reprise à 19:45 » while ordering is paused, and the message of each exceptional
 * closure within the scheduling horizon (« Fermeture exceptionnelle le 25 décembre »). Read from
 * the public settings (calendarAsSettings); nothing when neither applies.
 */
export function OrderingBanner({ settings, className = '' }: { settings: SettingsList; className?: string }) {
  const now = useNow();
  const calendar = readCalendar(settings);
  const paused = isPaused(calendar, now);
  const closures = upcomingExceptions(calendar, toRestaurantDate(now)).filter((e) => e.is_closed && e.message);
  if (!paused && closures.length === 0) return null;
  return (
    <div className={`space-y-2 ${className}`} data-testid="ordering-banner">
      {paused ? (
        <div role="status" className="flex items-start gap-3 rounded-2xl bg-amber-100 p-4 text-amber-950 shadow-sm" data-testid="paused-banner">
          <PauseCircle aria-hidden className="mt-0.5 size-6 shrink-0" />
          <p>
            <strong className="block">{orderingBanner.paused(parisTime(calendar.ordering.paused_until!))}</strong>
            <span className="text-sm">{orderingBanner.pausedHint}</span>
          </p>
        </div>
      ) : null}
      {closures.map((closure) => (
        <div
          key={closure.date}
          role="status"
          className="flex items-start gap-3 rounded-2xl bg-white p-4 text-ink shadow-sm ring-1 ring-black/10"
          data-testid="closure-banner"
        >
          <CalendarX2 aria-hidden className="mt-0.5 size-6 shrink-0 text-brand-700" />
          <p className="font-semibold">{closure.message}</p>
        </div>
      ))}
    </div>
  );
}
