import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Clock } from 'lucide-react';
import { DeliverySchema, type DeliveryForm } from '@resto/domain/checkout';
import { locationMessages, quoteAddressFromSettings, type DistanceRecord } from '@resto/domain/location';
import { getLocationDistance } from '@resto/contract/locations.routes';
import { readDeliverySettings } from '@resto/domain/delivery';
import { scheduleMessages } from '@resto/domain/scheduling';
import { readSetting } from '@resto/domain/settings';
import type { StoreData } from '../../lib/api.server.ts';
import { api, isApiError } from '../../lib/api.ts';
import { Field } from '../../components/ui/field.tsx';
import { useToasts } from '../../components/ui/toast.tsx';
import { useCartStore } from '../cart/cart-store.ts';
import { PickupPoint } from '../location/index.ts';
import { LocationSearch } from '../location/index.ts';
import { distanceFor, useLocationStore } from '../location/location-store.ts';
import { busyExtraMinutes, readCalendar } from '@resto/domain/calendar';
import { SchedulePicker, type ScheduleValue } from './schedule-picker.tsx';
import { useCheckoutStore } from './checkout-store.ts';
import { checkoutAddress } from '@resto/copy/storefront/checkout';

/** The address fields of the form: the schedule is the picker's, never overwritten by the form. */
function addressOnly<T extends Partial<DeliveryForm>>(values: T) {
  const { is_scheduled: _s, delivery_date: _d, delivery_time_range: _t, ...address } = values;
  return address;
}

/**
 * Delivery tab (spec sections 3, 5, 9): for delivery, the address (searched, or typed and then
 * looked up), refused when too far or outside every zone; for both types, when: as soon as
 * possible or a scheduled slot. What is typed is kept in the checkout store.
 */
export function DeliveryTab({ data, onDone }: { data: StoreData; onDone: () => void }) {
  const { settings, menus } = data;
  const isPickup = useCartStore((s) => s.is_pickup);
  const delivery = useCheckoutStore((s) => s.delivery);
  const setDelivery = useCheckoutStore((s) => s.setDelivery);
  const toast = useToasts((s) => s.show);
  const [checking, setChecking] = useState(false);
  const [scheduleError, setScheduleError] = useState<string>();
  const { register, handleSubmit, formState, setError, setValue, watch } = useForm<DeliveryForm>({
    resolver: zodResolver(DeliverySchema),
    defaultValues: { ...addressOnly(delivery), is_pickup: isPickup },
    mode: 'onSubmit',
    reValidateMode: 'onChange', // no error on blur: it would move the button from under the pointer
  });
  const { errors } = formState;
  useEffect(() => {
    const subscription = watch(({ is_pickup: _ignored, ...values }) => setDelivery({ ...useCheckoutStore.getState().delivery, ...addressOnly(values) }));
    return () => subscription.unsubscribe();
  }, [watch, setDelivery]);

  const schedule: ScheduleValue = {
    is_scheduled: delivery.is_scheduled ?? false,
    delivery_date: delivery.delivery_date ?? null,
    delivery_time_range: delivery.delivery_time_range ?? null,
  };
  const setSchedule = (value: ScheduleValue) => {
    setScheduleError(undefined);
    setDelivery({ ...useCheckoutStore.getState().delivery, ...value });
  };

  const fillFrom = (record: DistanceRecord) => {
    const options = { shouldValidate: formState.isSubmitted, shouldDirty: true };
    if (record.address) setValue('address', record.address, options);
    setValue('city', record.city, options);
    setValue('postal_code', record.postal_code, options);
    setValue('country', record.country || 'France', options);
  };

  /** The distance of the typed address: the stored record when it is this address, else a lookup. */
  const distanceOf = async (address: { address: string; postal_code: string; city: string }): Promise<number | null | 'refused'> => {
    const known = distanceFor(useLocationStore.getState()._distance, address);
    if (known !== null) return known;
    try {
      const { refusal, ...record } = await api.call(getLocationDistance, { query: { location: `${address.address}, ${address.postal_code} ${address.city}` } });
      useLocationStore.getState().choose(record);
      if (refusal?.reason === 'too_far') {
        toast(locationMessages.tooFar);
        setError('address', { message: refusal.message }, { shouldFocus: true });
        return 'refused';
      }
      return record.postal_code === address.postal_code ? record.distance : null;
    } catch (error) {
      // Unknown to the address search: the zone of the postal code still decides (as on the server).
      if (!isApiError(error, 'location_not_found', 'location_unavailable')) throw error;
      return null;
    }
  };

  const submit = handleSubmit(async (values) => {
    const { is_pickup: _ignored, ...rest } = values;
    const when = useCheckoutStore.getState().delivery;
    if (when.is_scheduled && !when.delivery_time_range) {
      setScheduleError(scheduleMessages.slotRequired);
      return;
    }
    if (!isPickup) {
      setChecking(true);
      try {
        const address = { address: rest.address ?? '', postal_code: rest.postal_code ?? '', city: rest.city ?? '' };
        const distance = await distanceOf(address);
        if (distance === 'refused') return;
        const quoted = quoteAddressFromSettings(settings, { ...address, distance });
        if (!quoted.ok) {
          if (quoted.reason === 'too_far') toast(locationMessages.tooFar);
          return setError(quoted.reason === 'outside_zones' ? 'postal_code' : 'address', { message: quoted.message }, { shouldFocus: true });
        }
      } catch {
        return toast(locationMessages.unavailable);
      } finally {
        setChecking(false);
      }
    }
    setDelivery({ ...useCheckoutStore.getState().delivery, ...addressOnly(rest) });
    onDone();
  });

  return (
    <form onSubmit={submit} noValidate className="space-y-6">
      <h2 id="onglet-delivery" className="text-lg font-bold">
        {isPickup ? checkoutAddress.pickupHeading : checkoutAddress.deliveryHeading}
      </h2>
      <input type="hidden" {...register('is_pickup')} />
      {isPickup ? (
        <div className="space-y-3 rounded-2xl bg-brand-50 p-4">
          <PickupPoint settings={settings} />
          <p className="flex items-start gap-2">
            <Clock size={18} className="mt-0.5 shrink-0 text-brand-600" aria-hidden />
            <span>
              {checkoutAddress.pickupReadiness(readSetting(settings, 'scheduling.pickup_minimum_time', 20) + busyExtraMinutes(readCalendar(settings), new Date()))}
            </span>
          </p>
        </div>
      ) : (
        <div className="space-y-4">
          <LocationSearch onChosen={fillFrom} />
          <div className="grid gap-4 sm:grid-cols-2">
            <div className="sm:col-span-2">
              <Field id="address" label={checkoutAddress.street} autoComplete="address-line1" error={errors.address?.message} {...register('address')} />
            </div>
            <Field id="address2" label={checkoutAddress.addressDetails} autoComplete="address-line2" {...register('address2')} />
            <Field
              id="postal_code"
              label={checkoutAddress.postalCode}
              inputMode="numeric"
              autoComplete="postal-code"
              error={errors.postal_code?.message}
              {...register('postal_code')}
            />
            <Field id="city" label={checkoutAddress.city} autoComplete="address-level2" error={errors.city?.message} {...register('city')} />
            <Field id="country" label={checkoutAddress.country} autoComplete="country-name" {...register('country')} />
          </div>
          <p className="text-sm text-ink/70">
            {checkoutAddress.deliveredPostalCodes(readDeliverySettings(settings)
              .zones.map((z) => `${z.name} (${z.postal_code})`)
              .join(', '))}
          </p>
        </div>
      )}
      <SchedulePicker menus={menus} settings={settings} isPickup={isPickup} value={schedule} onChange={setSchedule} error={scheduleError} />
      <button type="submit" disabled={checking} className="w-full rounded-full bg-brand-600 px-4 py-3 font-semibold text-white disabled:opacity-60 sm:w-auto">
        {checking ? checkoutAddress.checking : checkoutAddress.next}
      </button>
    </form>
  );
}
