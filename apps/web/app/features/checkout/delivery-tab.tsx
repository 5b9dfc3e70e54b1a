import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Clock, MapPin } from 'lucide-react';
import { DeliverySchema, type DeliveryForm } from '@resto/domain/checkout';
import { readSetting, type SettingsList } from '@resto/domain/settings';
import { findZone, outsideZonesMessage, readDeliverySettings } from '@resto/domain/delivery';
import { Field } from '../../components/ui/field.tsx';
import { useCartStore } from '../cart/cart-store.ts';
import { useCheckoutStore } from './checkout-store.ts';

/**
 * Delivery tab (spec section 5): address, city and postal code required unless pickup.
 * The address must fall in a delivery zone (section 9). For pickup it shows where and when to
 * collect (scheduled slots arrive with issue 4).
 */
export function DeliveryTab({ settings, onDone }: { settings: SettingsList; onDone: () => void }) {
  const isPickup = useCartStore((s) => s.is_pickup);
  const delivery = useCheckoutStore((s) => s.delivery);
  const setDelivery = useCheckoutStore((s) => s.setDelivery);
  const { register, handleSubmit, formState, setError, watch } = useForm<DeliveryForm>({
    resolver: zodResolver(DeliverySchema),
    defaultValues: { ...delivery, is_pickup: isPickup },
    mode: 'onSubmit',
    reValidateMode: 'onChange', // no error on blur: it would move the button from under the pointer
  });
  const { errors } = formState;
  // What is typed is kept (and the cart shows the zone's fee as soon as the address matches one).
  useEffect(() => {
    const subscription = watch(({ is_pickup: _ignored, ...values }) => setDelivery({ ...useCheckoutStore.getState().delivery, ...values }));
    return () => subscription.unsubscribe();
  }, [watch, setDelivery]);
  const leadMinutes = readSetting(settings, 'scheduling.pickup_minimum_time', 20);

  const submit = handleSubmit((values) => {
    const { is_pickup: _ignored, ...rest } = values;
    if (!isPickup && !findZone(readDeliverySettings(settings).zones, { postal_code: rest.postal_code ?? '', city: rest.city ?? '' })) {
      return setError('postal_code', { message: outsideZonesMessage(rest.postal_code ?? '') }, { shouldFocus: true });
    }
    setDelivery({ ...delivery, ...rest });
    onDone();
  });

  return (
    <form onSubmit={submit} noValidate className="space-y-4">
      <h2 id="onglet-delivery" className="text-lg font-bold">
        {isPickup ? 'Retrait au restaurant' : 'Adresse de livraison'}
      </h2>
      <input type="hidden" {...register('is_pickup')} />
      {isPickup ? (
        <div className="space-y-3 rounded-2xl bg-brand-50 p-4">
          <p className="flex items-start gap-2">
            <MapPin size={18} className="mt-0.5 shrink-0 text-brand-600" aria-hidden />
            <span>
              <span className="block font-semibold">{readSetting(settings, 'contacts.name', '')}</span>
              {readSetting(settings, 'contacts.address', '')}
            </span>
          </p>
          <p className="flex items-start gap-2">
            <Clock size={18} className="mt-0.5 shrink-0 text-brand-600" aria-hidden />
            <span>Dès que possible : votre commande est prête environ {leadMinutes} minutes après confirmation, pendant les heures d’ouverture.</span>
          </p>
        </div>
      ) : (
        <div className="grid gap-4 sm:grid-cols-2">
          <div className="sm:col-span-2">
            <Field id="address" label="Adresse" autoComplete="address-line1" error={errors.address?.message} {...register('address')} />
          </div>
          <Field id="address2" label="Complément (étage, code…)" autoComplete="address-line2" {...register('address2')} />
          <Field
            id="postal_code"
            label="Code postal"
            inputMode="numeric"
            autoComplete="postal-code"
            error={errors.postal_code?.message}
            {...register('postal_code')}
          />
          <Field id="city" label="Ville" autoComplete="address-level2" error={errors.city?.message} {...register('city')} />
          <Field id="country" label="Pays" autoComplete="country-name" {...register('country')} />
          <p className="text-sm text-ink/70 sm:col-span-2">
            Nous livrons :{' '}
            {readDeliverySettings(settings)
              .zones.map((z) => `${z.name} (${z.postal_code})`)
              .join(', ')}
            .
          </p>
        </div>
      )}
      <button type="submit" className="w-full rounded-full bg-brand-600 px-4 py-3 font-semibold text-white sm:w-auto">
        Continuer
      </button>
    </form>
  );
}
