import { useEffect, useId, useRef, useState, useSyncExternalStore } from 'react';
import { Check, LocateFixed, Loader2, MapPin } from 'lucide-react';
import { locationMessages, locationPanelCloseDelayMs, minLocationQueryLength, type DistanceRecord, type LocationSuggestion } from '@resto/domain/location';
import { formatDistance, formatPrice } from '@resto/domain/format';
import { eurosToCents } from '@resto/domain/money';
import { ApiCallError } from '../../lib/api-error.ts';
import { useToasts } from '../../components/ui/toast.tsx';
import { useLocationStore } from './location-store.ts';
import { addressSearch } from '@resto/copy/storefront/location';

/** The search's API calls and their schemas, loaded on first use (location-calls.ts). */
const loadCalls = () => import('./location-calls.ts');

/**
 * The distance record of a place id, an address or "lat,lng" (GET /v2/public/locations/distance),
 * its calls loaded on first use: for a screen that prices a known address without the search (a
 * changed order's kept address, docs/decisions/039). @throws ApiCallError as the search's call does.
 */
export async function fetchDistanceRecord(location: string) {
  return (await loadCalls()).distanceTo(location);
}

/**
 * The location panel (spec sections 3, 4, 5 and 8): search from 3 characters, suggestions as an
 * accessible combobox (arrows, Enter, Escape), the distance record fetched for the choice; too far
 * or outside every zone is refused with the French alert and the query marked invalid; a valid
 * choice is stored (local storage `location`), confirmed, and the list closes after 1 s.
 */
export function LocationSearch({ onChosen }: { onChosen: (record: DistanceRecord) => void }) {
  const id = useId();
  const stored = useLocationStore();
  const toast = useToasts((s) => s.show);
  const [query, setQuery] = useState(stored.query);
  const [suggestions, setSuggestions] = useState<LocationSuggestion[]>([]);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const [status, setStatus] = useState<'idle' | 'searching' | 'resolving' | 'chosen' | 'error'>('idle');
  const [message, setMessage] = useState('');
  const requestId = useRef(0);
  const closeTimer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(closeTimer.current), []);
  // The "use my position" button exists where geolocation does (known after hydration).
  const canLocate = useSyncExternalStore(
    noSubscription,
    () => 'geolocation' in navigator,
    () => false,
  );
  useEffect(() => {
    if (!('geolocation' in navigator)) console.info(locationMessages.geolocationUnsupported); // section 8: a console note only
  }, []);
  // A query shortened below the minimum clears the suggestions, during the render that sees it.
  const [typedQuery, setTypedQuery] = useState(query);
  if (typedQuery !== query) {
    setTypedQuery(query);
    if (status !== 'chosen' && status !== 'resolving' && query.trim().length < minLocationQueryLength) setSuggestions([]);
  }

  // Suggestions follow the typing, 200 ms after the last key; answers to older queries are dropped.
  useEffect(() => {
    if (status === 'chosen' || status === 'resolving') return;
    const trimmed = query.trim();
    if (trimmed.length < minLocationQueryLength) return;
    const current = ++requestId.current;
    const timer = setTimeout(async () => {
      setStatus('searching');
      try {
        const found = await (await loadCalls()).findLocations(trimmed);
        if (current !== requestId.current) return;
        setSuggestions(found);
        setActive(found.length ? 0 : -1);
        setOpen(true);
        setMessage(found.length ? '' : addressSearch.addPostalCode(locationMessages.noSuggestion));
        setStatus('idle');
      } catch (error) {
        if (current !== requestId.current) return;
        stored.markInvalid();
        setStatus('error');
        setMessage(error instanceof ApiCallError ? error.message : locationMessages.unavailable);
      }
    }, 200);
    return () => clearTimeout(timer);
  }, [query]);

  const resolve = async (location: string) => {
    requestId.current++;
    setOpen(false);
    setStatus('resolving');
    try {
      const { refusal, ...record } = await (await loadCalls()).distanceTo(location);
      if (refusal) {
        stored.markInvalid();
        setStatus('error');
        setMessage(refusal.message);
        toast(refusal.reason === 'too_far' ? locationMessages.tooFar : refusal.message);
        return;
      }
      stored.choose(record);
      setQuery(record.formatted_address);
      setStatus('chosen');
      setMessage(addressSearch.deliveryQuote(formatPrice(eurosToCents(record.delivery_cost)), formatDistance(record.distance, record.unit), record.duration));
      onChosen(record);
      closeTimer.current = setTimeout(() => setSuggestions([]), locationPanelCloseDelayMs);
    } catch (error) {
      stored.markInvalid();
      setStatus('error');
      setMessage(error instanceof ApiCallError ? error.message : locationMessages.unavailable);
    }
  };

  const useMyPosition = () => {
    setStatus('resolving');
    navigator.geolocation.getCurrentPosition(
      (position) => void resolve(`${position.coords.latitude.toFixed(6)},${position.coords.longitude.toFixed(6)}`),
      () => {
        setStatus('error');
        setMessage(locationMessages.geolocationDenied);
      },
      { enableHighAccuracy: false, timeout: 10_000, maximumAge: 300_000 },
    );
  };

  const onKeyDown = (event: React.KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown' && suggestions.length) {
      event.preventDefault();
      setOpen(true);
      setActive((i) => (i + 1) % suggestions.length);
    } else if (event.key === 'ArrowUp' && suggestions.length) {
      event.preventDefault();
      setActive((i) => (i <= 0 ? suggestions.length - 1 : i - 1));
    } else if (event.key === 'Enter') {
      event.preventDefault();
      const chosen = open ? suggestions[active] : undefined;
      if (chosen) void resolve(chosen.place_id);
      else if (query.trim().length >= minLocationQueryLength) void resolve(query.trim());
    } else if (event.key === 'Escape') {
      setOpen(false);
    }
  };

  const listId = `${id}-suggestions`;
  const invalid = status === 'error';
  return (
    <div className="relative">
      <label htmlFor={`${id}-input`} className="mb-1 block text-sm font-semibold">
        {addressSearch.label}
      </label>
      <div className="flex gap-2">
        <div className="relative flex-1">
          <MapPin size={18} className="pointer-events-none absolute top-3 left-3 text-ink/50" aria-hidden />
          <input
            id={`${id}-input`}
            role="combobox"
            aria-expanded={open && suggestions.length > 0}
            aria-controls={listId}
            aria-autocomplete="list"
            aria-activedescendant={open && active >= 0 ? addressSearch.optionId(id, active) : undefined}
            aria-invalid={invalid || undefined}
            aria-describedby={`${id}-status`}
            autoComplete="street-address"
            placeholder={addressSearch.placeholder}
            value={query}
            onChange={(e) => {
              clearTimeout(closeTimer.current);
              setQuery(e.target.value);
              stored.setQuery(e.target.value);
              setStatus('idle');
              setMessage('');
            }}
            onKeyDown={onKeyDown}
            onFocus={() => {
              void loadCalls().catch(() => undefined); // typing comes next: its calls are ready by the third character
              if (suggestions.length) setOpen(true);
            }}
            className={`w-full rounded-xl border py-2.5 pr-9 pl-9 text-base ${invalid ? 'border-red-600' : 'border-black/15'}`}
          />
          {status === 'searching' || status === 'resolving' ? (
            <Loader2 size={18} className="absolute top-3 right-3 animate-spin text-ink/50" aria-hidden />
          ) : null}
          {status === 'chosen' ? <Check size={18} className="absolute top-3 right-3 text-emerald-700" aria-hidden /> : null}
        </div>
        {canLocate ? (
          <button
            type="button"
            onClick={useMyPosition}
            className="flex shrink-0 items-center gap-1 rounded-xl border border-black/15 px-3 text-sm font-medium"
            aria-label={addressSearch.useMyPosition}
          >
            <LocateFixed size={18} aria-hidden />
            <span className="hidden sm:inline">{addressSearch.myPosition}</span>
          </button>
        ) : null}
      </div>
      {/* In the flow, not over what follows: in the location dialog, which scrolls, an absolute list was clipped below its first line. */}
      {open && suggestions.length > 0 ? (
        <ul
          id={listId}
          role="listbox"
          aria-label={addressSearch.suggestions}
          className="mt-1 w-full overflow-hidden rounded-xl border border-black/10 bg-white shadow-lg"
        >
          {suggestions.map((s, index) => (
            <li
              key={s.place_id}
              id={`${id}-option-${index}`}
              role="option"
              aria-selected={index === active}
              onMouseDown={(e) => e.preventDefault()}
              onClick={() => void resolve(s.place_id)}
              className={`cursor-pointer px-3 py-2.5 ${index === active ? 'bg-brand-50' : ''}`}
            >
              <span className="block font-medium">{s.structured_formatting.main_text}</span>
              <span className="block text-sm text-ink/70">{s.structured_formatting.secondary_text}</span>
            </li>
          ))}
        </ul>
      ) : null}
      <p
        id={`${id}-status`}
        role="status"
        className={`mt-1 min-h-5 text-sm ${invalid ? 'font-medium text-red-700' : status === 'chosen' ? 'text-emerald-800' : 'text-ink/70'}`}
      >
        {message || (query.trim().length > 0 && query.trim().length < minLocationQueryLength ? locationMessages.queryTooShort : '')}
      </p>
    </div>
  );
}

/** Whether the browser offers geolocation never changes: nothing to subscribe to. */
const noSubscription = () => () => {};
