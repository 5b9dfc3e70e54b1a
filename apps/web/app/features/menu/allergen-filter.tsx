import { SlidersHorizontal } from 'lucide-react';
import { allergenLabels, allergens } from '@resto/domain/allergens';
import { useAllergenFilter } from './allergen-filter-store.ts';
import { allergenFilter } from '@resto/copy/storefront/menu';
import { cardClass } from '../../components/ui/card.tsx';

/** "Hide dishes containing…": the 14 allergens of EU 1169/2011 annex II as checkboxes. */
export function AllergenFilter({ hiddenCount }: { hiddenCount: number }) {
  const hidden = useAllergenFilter((s) => s.hidden);
  const toggle = useAllergenFilter((s) => s.toggle);
  const clear = useAllergenFilter((s) => s.clear);
  return (
    <details className={`${cardClass} p-3`} open={hidden.length > 0 ? true : undefined}>
      <summary className="flex cursor-pointer items-center gap-2 font-semibold">
        <SlidersHorizontal size={16} aria-hidden />{allergenFilter.toggle}
        {hidden.length ? (
          <span className="ml-auto text-xs font-normal text-ink/70" role="status">
            {hiddenCount}{allergenFilter.dishSingular}{hiddenCount > 1 ? allergenFilter.pluralSuffix : ''}{allergenFilter.hiddenSingular}{hiddenCount > 1 ? allergenFilter.pluralSuffix : ''}
          </span>
        ) : null}
      </summary>
      <fieldset className="mt-2">
        <legend className="mb-2 text-sm text-ink/70">{allergenFilter.legend}</legend>
        <div className="grid grid-cols-2 gap-x-3 gap-y-1 sm:grid-cols-3">
          {allergens.map((allergen) => (
            <label key={allergen} className="flex min-h-9 items-center gap-2 text-sm">
              <input type="checkbox" checked={hidden.includes(allergen)} onChange={() => toggle(allergen)} className="size-4 accent-brand-600" />
              {allergenLabels[allergen]}
            </label>
          ))}
        </div>
        {hidden.length ? (
          <button type="button" onClick={clear} className="mt-2 text-sm font-medium text-brand-700 underline-offset-2 hover:underline">
            {allergenFilter.showAll}
          </button>
        ) : null}
        <p className="mt-2 text-xs text-ink/70">
          {allergenFilter.optionsNote}
        </p>
      </fieldset>
    </details>
  );
}
