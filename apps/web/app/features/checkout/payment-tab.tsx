import { Banknote, CreditCard } from 'lucide-react';
import { readSetting, type SettingsList } from '@resto/domain/settings';
import { useCheckoutStore } from './checkout-store.ts';

/** Payment tab (spec section 5: a method is required; cash by default). Card payment arrives with issue 6. */
export function PaymentTab({ settings, onDone }: { settings: SettingsList; onDone: () => void }) {
  const method = useCheckoutStore((s) => s.method);
  const setMethod = useCheckoutStore((s) => s.setMethod);
  const cashActive = readSetting(settings, 'payments.cod.active', false);
  const option = 'flex min-h-14 items-center gap-3 rounded-2xl border-2 p-4';
  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        onDone();
      }}
      className="space-y-4"
    >
      <fieldset className="space-y-3">
        <legend id="onglet-payment" className="mb-3 text-lg font-bold">
          Moyen de paiement
        </legend>
        <label
          className={`${option} ${method === 'cash' ? 'border-brand-600 bg-brand-50' : 'border-black/10'} ${cashActive ? 'cursor-pointer' : 'opacity-60'}`}
        >
          <input
            type="radio"
            name="method"
            value="cash"
            checked={method === 'cash'}
            disabled={!cashActive}
            onChange={() => setMethod('cash')}
            className="size-5 accent-brand-600"
          />
          <Banknote className="text-brand-600" aria-hidden />
          <span>
            <span className="block font-semibold">Paiement sur place</span>
            <span className="text-sm text-ink/70">En espèces ou par carte, au retrait ou à la livraison.</span>
          </span>
        </label>
        <label className={`${option} cursor-not-allowed border-black/10 opacity-60`}>
          <input type="radio" name="method" value="card" disabled className="size-5" />
          <CreditCard aria-hidden />
          <span>
            <span className="block font-semibold">Carte bancaire en ligne</span>
            <span className="text-sm text-ink/70">Bientôt disponible.</span>
          </span>
        </label>
      </fieldset>
      {!cashActive ? <p className="text-sm font-medium text-red-700">Aucun moyen de paiement n’est disponible pour le moment.</p> : null}
      <button
        type="submit"
        disabled={!cashActive}
        className="w-full rounded-full bg-brand-600 px-4 py-3 font-semibold text-white disabled:opacity-50 sm:w-auto"
      >
        Continuer
      </button>
    </form>
  );
}
