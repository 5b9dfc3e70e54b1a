import { useMemo, useState } from 'react';
import { DishPicture } from '../../components/dish-picture.tsx';
import * as Dialog from '@radix-ui/react-dialog';
import { Minus, Plus, X } from 'lucide-react';
import { calculateUnitPrice, describeOtherTypePrice } from '@resto/domain/cart';
import { maxLineQuantity, pricedLineFromItem, validateOptionChoices, type ChosenOptionValue, type MenuItem } from '@resto/domain/catalogue';

import { formatPrice } from '@resto/domain/format';
import { allergenLabels, dietLabels, type Allergen, type Diet } from '@resto/domain/allergens';
import { offerHeadline, type ItemNameOf, type Offer } from '@resto/domain/offers';
import { useCartStore } from '../cart/cart-store.ts';
import { fetchProductAfterAdd } from './quick-add.tsx';
import { formatEuros } from '@resto/domain/format';
import { dishDialog } from '@resto/copy/storefront/menu';

/**
 * The product dialog (/menu?product={item_id}): options within each option's selected count,
 * quantity, note, then add to cart and fire GET /v2/public/products/{item_menu_id} (section 7).
 */
export function ProductDialog({ item, offers, nameOf, onClose }: { item: MenuItem; offers: Offer[]; nameOf: ItemNameOf; onClose: () => void }) {
  const isPickup = useCartStore((s) => s.is_pickup);
  const add = useCartStore((s) => s.add);
  const [choices, setChoices] = useState<ChosenOptionValue[]>([]);
  const [quantity, setQuantity] = useState(1);
  const [note, setNote] = useState('');
  const [showErrors, setShowErrors] = useState(false);

  const errors = useMemo(() => validateOptionChoices(item.item_name, item.options, choices), [item, choices]);
  const lineCents = calculateUnitPrice(pricedLineFromItem(item, choices, quantity), isPickup) * quantity;
  // The dish's price the other way (« 16,00 € en livraison »): no surprise when the type switches.
  const otherTypePrice = describeOtherTypePrice(pricedLineFromItem(item, [], 1), isPickup);

  const toggle = (optionId: number, valueId: number, single: boolean) =>
    setChoices((current) => {
      const has = current.some((c) => c.option_id === optionId && c.option_option_id === valueId);
      const others = single ? current.filter((c) => c.option_id !== optionId) : current;
      return has && !single
        ? current.filter((c) => !(c.option_id === optionId && c.option_option_id === valueId))
        : [
            ...others.filter((c) => !(c.option_id === optionId && c.option_option_id === valueId)),
            { option_id: optionId, option_option_id: valueId, quantity: 1 },
          ];
    });

  const submit = () => {
    if (errors.length) return setShowErrors(true);
    add({ item, choices, quantity, note: note.trim() });
    fetchProductAfterAdd(item.item_menu_id);
    onClose();
  };

  return (
    <Dialog.Root open onOpenChange={(open) => !open && onClose()}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-black/50" />
        <Dialog.Content className="fixed inset-x-0 bottom-0 z-50 flex max-h-[92dvh] flex-col overflow-hidden rounded-t-3xl bg-white shadow-2xl sm:inset-auto sm:left-1/2 sm:top-1/2 sm:w-[32rem] sm:-translate-x-1/2 sm:-translate-y-1/2 sm:rounded-3xl">
          <div className="overflow-y-auto">
            <DishPicture src={item.item_image} sizes="(min-width: 640px) 32rem, 100vw" className="aspect-[4/3] max-h-64 w-full object-cover" />
            <div className="space-y-4 p-5">
              <div>
                <Dialog.Title className="text-xl font-bold">{item.item_name}</Dialog.Title>
                <Dialog.Description className="mt-1 text-sm text-ink/70">{item.item_description}</Dialog.Description>
                <p className="mt-2 font-semibold text-brand-700">
                  {formatEuros(isPickup ? item.item_price.price_pickup : item.item_price.price_delivery)}
                  {otherTypePrice ? (
                    <span className="ml-2 text-sm font-normal text-ink/70" data-testid="other-type-price">
                      {otherTypePrice}
                    </span>
                  ) : null}
                </p>
                {item.item_diets.length ? (
                  <p className="mt-2 flex flex-wrap gap-1">
                    {item.item_diets.map((diet) => (
                      <span key={diet} className="rounded-full bg-lime-100 px-2 py-0.5 text-xs font-semibold text-lime-900">
                        {dietLabels[diet as Diet] ?? diet}
                      </span>
                    ))}
                  </p>
                ) : null}
              </div>
              {offers.map((offer) => (
                <div key={offer.id} className="rounded-2xl bg-emerald-50 p-3 text-sm" data-testid="product-offer">
                  <p className="font-semibold text-emerald-800">{offerHeadline(offer, nameOf)}</p>
                  <p className="text-emerald-900/80">{offer.description}</p>
                </div>
              ))}
              <div className="rounded-2xl bg-amber-50 p-3 text-sm" data-testid="allergens">
                <p className="font-semibold">{dishDialog.allergens}</p>
                <p>
                  {item.item_allergens.length
                    ? item.item_allergens.map((a) => allergenLabels[a as Allergen] ?? a).join(', ')
                    : dishDialog.noAllergen}
                </p>
              </div>
              {item.options.map((option) => {
                const single = option.selected === 1;
                const count = choices.filter((c) => c.option_id === option.option_id).reduce((n, c) => n + c.quantity, 0);
                const error = showErrors ? errors.find((e) => e.option_id === option.option_id) : undefined;
                return (
                  <fieldset
                    key={option.option_id}
                    className="rounded-2xl border border-black/10 p-3"
                    aria-describedby={error ? `option-error-${option.option_id}` : undefined}
                  >
                    <legend className="px-1 font-semibold">
                      {option.option_name}{' '}
                      <span className="text-xs font-normal text-ink/70">
                        {option.required ? dishDialog.required : dishDialog.optional} ·{' '}
                        {single ? dishDialog.oneChoice : dishDialog.maxChoices(option.selected)}
                      </span>
                    </legend>
                    {option.option_options.map((value) => {
                      const checked = choices.some((c) => c.option_id === option.option_id && c.option_option_id === value.id);
                      return (
                        <label key={value.id} className="flex min-h-11 cursor-pointer items-center gap-3 rounded-lg px-1">
                          <input
                            type={single ? 'radio' : 'checkbox'}
                            name={`option-${option.option_id}`}
                            checked={checked}
                            disabled={!single && !checked && count >= option.selected}
                            onChange={() => toggle(option.option_id, value.id, single)}
                            className="size-5 accent-brand-600"
                          />
                          <span className="flex-1">
                            {value.name}
                            {value.allergens.length ? (
                              <span className="block text-xs text-amber-800">
                                {dishDialog.contains(value.allergens.map((a) => allergenLabels[a as Allergen] ?? a).join(', '))}
                              </span>
                            ) : null}
                          </span>
                          {value.price > 0 ? <span className="text-sm text-ink/70">+{formatEuros(value.price)}</span> : null}
                        </label>
                      );
                    })}
                    {error ? (
                      <p id={`option-error-${option.option_id}`} className="mt-1 text-sm font-medium text-red-700">
                        {error.message}
                      </p>
                    ) : null}
                  </fieldset>
                );
              })}
              <label className="block">
                <span className="mb-1 block font-semibold">{dishDialog.noteLabel}</span>
                <textarea
                  value={note}
                  onChange={(e) => setNote(e.target.value)}
                  maxLength={300}
                  rows={2}
                  placeholder={dishDialog.notePlaceholder}
                  className="w-full rounded-xl border border-black/15 p-3 text-base"
                />
              </label>
            </div>
          </div>
          <div className="flex items-center gap-3 border-t border-black/10 p-4">
            <div className="flex items-center rounded-full border border-black/15" role="group" aria-label={dishDialog.quantity}>
              <button
                type="button"
                className="grid size-11 place-items-center"
                onClick={() => setQuantity((q) => Math.max(1, q - 1))}
                aria-label={dishDialog.decrease}
              >
                <Minus size={18} aria-hidden />
              </button>
              <output className="w-8 text-center font-semibold" aria-live="polite">
                {quantity}
              </output>
              <button
                type="button"
                className="grid size-11 place-items-center"
                onClick={() => setQuantity((q) => Math.min(maxLineQuantity, q + 1))}
                aria-label={dishDialog.increase}
              >
                <Plus size={18} aria-hidden />
              </button>
            </div>
            <button type="button" onClick={submit} className="flex-1 rounded-full bg-brand-600 px-4 py-3 font-semibold text-white disabled:opacity-50">
              {dishDialog.add(formatPrice(lineCents))}
            </button>
          </div>
          <Dialog.Close
            className="absolute right-3 top-3 grid size-10 place-items-center rounded-full bg-white/90 shadow"
            aria-label={dishDialog.close}
          >
            <X size={20} aria-hidden />
          </Dialog.Close>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
