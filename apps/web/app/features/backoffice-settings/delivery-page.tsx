import { useEffect, useState } from 'react';
import { useFieldArray, useFormContext, useWatch } from 'react-hook-form';
import { MapPin, Plus, Search, Trash2 } from 'lucide-react';
import type { VersionedSetting } from '@resto/contract/backoffice-settings';
import type { LocationSuggestion } from '@resto/contract/locations';
import { getLocationDistance, suggestLocations } from '@resto/contract/locations.routes';
import { minLocationQueryLength } from '@resto/domain/location-limits';
import { settingValues, deliverySettingsPage as t } from '@resto/copy/staff/settings';
import { api, isApiError } from '../../lib/api.ts';
import { FieldGrid, Messages, SettingChoice, SettingFlag, SettingInput, SettingsSection, fieldId, toStored, useFieldState } from './settings-section.tsx';
import { buttonClass } from '../../components/ui/button.tsx';

const zonesName = 'features.delivery.zones';
const tiersName = 'features.delivery.distance_fees';

const rowButton = 'flex items-center gap-1.5 rounded-full border border-black/15 px-3 py-2 text-sm font-semibold';

/** The zone list, one card per zone (stacked on a phone): add, remove, each field's error on its row. */
function ZoneRows() {
  const { control } = useFormContext();
  const { fields, append, remove } = useFieldArray({ control, name: zonesName });
  const list = useFieldState(zonesName);
  return (
    <div className="space-y-3">
      <Messages id={fieldId(zonesName)} error={list.error} stale={list.stale} />
      {fields.length === 0 ? <p className="text-sm text-ink/70">{t.noZones}</p> : null}
      <ol className="space-y-3">
        {fields.map((field, i) => (
          <li key={field.id} className="rounded-xl border border-black/10 p-3" data-testid="delivery-zone" aria-label={t.zoneNumber(i + 1)}>
            <div className="mb-2 flex items-center justify-between gap-2">
              <p className="font-semibold">{t.zoneNumber(i + 1)}</p>
              <button type="button" onClick={() => remove(i)} className={`${rowButton} text-red-700 hover:bg-red-50`} aria-label={t.removeZone(i + 1)}>
                <Trash2 size={15} aria-hidden />
              </button>
            </div>
            <div className="grid grid-cols-2 gap-3 lg:grid-cols-3">
              <div className="col-span-2 lg:col-span-3">
                <SettingInput name={`${zonesName}.${i}.name`} label={t.zoneName} />
              </div>
              <SettingInput name={`${zonesName}.${i}.postal_code`} label={t.zonePostalCode} />
              <SettingInput name={`${zonesName}.${i}.city`} label={t.zoneCity} />
              <SettingInput name={`${zonesName}.${i}.delivery_fee`} label={t.zoneFee} variant="number" />
              <SettingInput name={`${zonesName}.${i}.minimum_order`} label={t.zoneMinimum} variant="number" />
              <div className="col-span-2 lg:col-span-1">
                <SettingInput name={`${zonesName}.${i}.flat_charge`} label={t.zoneFlatCharge} variant="number" />
              </div>
            </div>
          </li>
        ))}
      </ol>
      <button
        type="button"
        onClick={() => append({ name: '', city: '', postal_code: '', delivery_fee: 0, flat_charge: 0, minimum_order: 0 })}
        className={buttonClass('secondary', 'flex items-center gap-1.5 px-3 py-2 text-sm')}
      >
        <Plus size={16} aria-hidden />
        {t.addZone}
      </button>
    </div>
  );
}

/** The distance tiers: up to N (unit) → fee. */
function TierRows({ unit }: { unit: string }) {
  const { control } = useFormContext();
  const { fields, append, remove } = useFieldArray({ control, name: tiersName });
  const list = useFieldState(tiersName);
  return (
    <div className="space-y-3">
      <Messages id={fieldId(tiersName)} error={list.error} stale={list.stale} />
      {fields.length === 0 ? <p className="text-sm text-ink/70">{t.noTiers}</p> : null}
      <ol className="space-y-3">
        {fields.map((field, i) => (
          <li key={field.id} className="flex items-start gap-3 rounded-xl border border-black/10 p-3" data-testid="delivery-tier" aria-label={t.tierNumber(i + 1)}>
            <div className="grid min-w-0 flex-1 grid-cols-2 gap-3">
              <SettingInput name={`${tiersName}.${i}.up_to`} label={t.tierUpTo(unit)} variant="number" />
              <SettingInput name={`${tiersName}.${i}.fee`} label={t.tierFee} variant="number" />
            </div>
            <button type="button" onClick={() => remove(i)} className={`${rowButton} mt-6 text-red-700 hover:bg-red-50`} aria-label={t.removeTier(i + 1)}>
              <Trash2 size={15} aria-hidden />
            </button>
          </li>
        ))}
      </ol>
      <button type="button" onClick={() => append({ up_to: Number.NaN, fee: 0 })} className={buttonClass('secondary', 'flex items-center gap-1.5 px-3 py-2 text-sm')}>
        <Plus size={16} aria-hidden />
        {t.addTier}
      </button>
    </div>
  );
}

/**
 * The restaurant's position: latitude and longitude, filled from an address found with the
 * storefront's own search (GET /v2/public/locations/ then /distance of the chosen suggestion).
 */
function PositionFields() {
  const { setValue } = useFormContext();
  const [query, setQuery] = useState('');
  const [suggestions, setSuggestions] = useState<LocationSuggestion[] | null>(null);
  const [status, setStatus] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const search = async () => {
    if (query.trim().length < minLocationQueryLength) return;
    setBusy(true);
    setStatus(null);
    try {
      const found = await api.call(suggestLocations, { query: { query: query.trim() } });
      setSuggestions(found);
      if (!found.length) setStatus(t.noResult);
    } catch (e) {
      setSuggestions(null);
      setStatus(isApiError(e, 'location_not_found') ? t.noResult : t.searchFailed);
    } finally {
      setBusy(false);
    }
  };
  const choose = async (suggestion: LocationSuggestion) => {
    setBusy(true);
    try {
      const place = await api.call(getLocationDistance, { query: { location: suggestion.place_id } });
      setValue('contacts.latitude', place.lat, { shouldDirty: true, shouldValidate: true });
      setValue('contacts.longitude', place.lng, { shouldDirty: true, shouldValidate: true });
      setSuggestions(null);
      setStatus(t.positionFilled(place.formatted_address));
    } catch {
      setStatus(t.searchFailed);
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className="space-y-4">
      <div>
        <label htmlFor="restaurant-address-search" className="mb-1 block text-sm font-semibold">
          {t.searchAddress}
        </label>
        <div className="flex gap-2">
          <input
            id="restaurant-address-search"
            type="search"
            value={query}
            placeholder={t.searchPlaceholder}
            onChange={(event) => setQuery(event.target.value)}
            onKeyDown={(event) => {
              if (event.key === 'Enter') {
                event.preventDefault();
                void search();
              }
            }}
            className="min-w-0 flex-1 rounded-xl border border-black/15 px-3 py-2.5 text-base"
          />
          <button type="button" onClick={() => void search()} disabled={busy} className={`${rowButton} shrink-0 hover:bg-black/5 disabled:opacity-60`} aria-label={t.searchAddress}>
            <Search size={16} aria-hidden />
          </button>
        </div>
        {status ? (
          <p role="status" className="mt-1 text-sm text-ink/70">
            {busy ? t.searching : status}
          </p>
        ) : null}
        {suggestions?.length ? (
          <ul className="mt-2 divide-y divide-black/5 rounded-xl border border-black/10">
            {suggestions.map((s) => (
              <li key={s.place_id}>
                <button type="button" onClick={() => void choose(s)} className="flex w-full items-start gap-2 px-3 py-2.5 text-left hover:bg-stone-50">
                  <MapPin size={16} className="mt-0.5 shrink-0 text-brand-600" aria-hidden />
                  <span>
                    <span className="block font-semibold">{s.structured_formatting.main_text}</span>
                    <span className="block text-sm text-ink/70">{s.structured_formatting.secondary_text}</span>
                  </span>
                </button>
              </li>
            ))}
          </ul>
        ) : null}
      </div>
      <FieldGrid>
        <SettingInput name="contacts.latitude" variant="number" />
        <SettingInput name="contacts.longitude" variant="number" />
      </FieldGrid>
    </div>
  );
}

/** Tells the page the unit chosen in the general section (before saving too): the tiers are read in it. */
function UnitWatcher({ onUnit }: { onUnit: (unit: string) => void }) {
  const unit = useWatch({ name: 'features.delivery.unit' }) as string | undefined;
  useEffect(() => {
    if (unit) onUnit(unit);
  }, [unit, onUnit]);
  return null;
}

/**
 * /restaurant/livraison (docs/decisions/023; the owner's): delivery on or off, zone-based (zones
 * by postal code and city: fee, flat charge, minimum) or distance-based (tiers up to N km, the
 * maximum distance), and the restaurant's position the distances start from. Each section saves
 * on its own; a quote (checkout's distance call) follows at once.
 */
export function DeliveryPage({ settings }: { settings: readonly VersionedSetting[] }) {
  const [stored, setStored] = useState(() => toStored(settings));
  const [unit, setUnit] = useState(() => (stored.get('features.delivery.unit')?.value === 'miles' ? 'miles' : 'km'));
  const common = { stored, onStored: setStored };
  const usesZones = stored.get('features.delivery.calculation_type')?.value !== 'distance';
  return (
    <div className="space-y-6">
      <div>
        <h1 className="text-2xl font-extrabold">{t.title}</h1>
        <p className="mt-1 text-ink/70">{t.intro}</p>
      </div>
      <div className="grid grid-cols-[minmax(0,1fr)] gap-6 lg:grid-cols-2">
        <SettingsSection
          id="delivery"
          title={t.general}
          names={[
            'features.delivery.active',
            'features.delivery.calculation_type',
            'features.delivery.unit',
            'features.delivery.max_distance',
            'features.delivery.minimum_order',
            'features.delivery.flat_charge',
          ]}
          {...common}
        >
          <UnitWatcher onUnit={setUnit} />
          <SettingFlag name="features.delivery.active" />
          <FieldGrid>
            <SettingChoice
              name="features.delivery.calculation_type"
              options={[
                { value: 'zone_based', label: settingValues.zone_based },
                { value: 'distance', label: settingValues.distance },
              ]}
            />
            <SettingChoice
              name="features.delivery.unit"
              options={[
                { value: 'km', label: settingValues.km },
                { value: 'miles', label: settingValues.miles },
              ]}
            />
            <SettingInput name="features.delivery.max_distance" variant="number" />
            <SettingInput name="features.delivery.minimum_order" variant="number" />
            <SettingInput name="features.delivery.flat_charge" variant="number" />
          </FieldGrid>
        </SettingsSection>
        <SettingsSection id="position" title={t.position} hint={t.positionHint} names={['contacts.latitude', 'contacts.longitude']} {...common}>
          <PositionFields />
        </SettingsSection>
        <div className={usesZones ? 'lg:order-none' : 'lg:order-last'}>
          <SettingsSection id="zones" title={t.zones} hint={t.zonesHint} names={[zonesName]} {...common}>
            <ZoneRows />
          </SettingsSection>
        </div>
        <SettingsSection id="tiers" title={t.tiers} hint={t.tiersHint} names={[tiersName]} {...common}>
          <TierRows unit={unit} />
        </SettingsSection>
      </div>
    </div>
  );
}
