import { useEffect, useRef, useState } from 'react';
import { useRevalidator } from 'react-router';
import { Pause, Pencil, Play, Plus, Trash2 } from 'lucide-react';
import type { BackOfficeOffer, BackOfficeOffers } from '@resto/contract/backoffice-offers';
import * as offerRoutes from '@resto/contract/offers.routes';
import { describeOffer } from '@resto/domain/backoffice-offers';
import { formatPrice } from '@resto/domain/format';
import { eurosToCents } from '@resto/domain/money';
import { offerTypeLabels, offersPage as t } from '@resto/copy/staff/offers';
import { api } from '../../lib/api.ts';
import { OfferForm, scopeNames } from './offer-form.tsx';
import { FormAlert } from '../../components/ui/alert.tsx';
import { ConfirmInline } from '../../components/ui/confirm-inline.tsx';
import { useAction } from '../../lib/use-action.ts';

const card = 'rounded-2xl bg-white p-4 shadow-sm sm:p-6';
const smallButton = 'flex items-center gap-1.5 rounded-full border border-black/15 px-3 py-1.5 text-sm font-semibold hover:bg-black/5 disabled:opacity-60';

/**
 * The offers and coupons page (/restaurant/offres, the owner's; docs/decisions/023): every offer
 * with its type, its conditions in words, an active/paused badge and its usage; pause or resume
 * in one tap, edit in the form, delete after a confirmation. Each change is sent by the browser,
 * then the page's data is reloaded (the storefront follows at once: the API rebuilds its catalogue).
 */
export function OffersPage({ data }: { data: BackOfficeOffers }) {
  const revalidator = useRevalidator();
  const [editing, setEditing] = useState<BackOfficeOffer | 'new' | null>(null);
  const [confirming, setConfirming] = useState<number | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const { loading, error, setError, run } = useAction();
  const formRef = useRef<HTMLDivElement>(null);
  const names = scopeNames(data.scope);

  useEffect(() => {
    if (editing) formRef.current?.scrollIntoView({ block: 'start' });
  }, [editing]);

  const after = async (message: string) => {
    setNotice(message);
    setConfirming(null);
    await revalidator.revalidate();
  };
  const toggle = async (offer: BackOfficeOffer) => {
    setNotice(null);
    const done = await run(() =>
      api.call(offerRoutes.setOfferActive, { params: { offer_id: String(offer.id) }, body: { is_active: !offer.is_active, expected_version: offer.version } }),
    );
    if (done) await after(done.is_active ? t.resumed_done(done.name) : t.paused_done(done.name));
    else await revalidator.revalidate();
  };
  const remove = async (offer: BackOfficeOffer) => {
    setNotice(null);
    const done = await run(() => api.call(offerRoutes.deleteOffer, { params: { offer_id: String(offer.id) }, query: { expected_version: offer.version } }));
    if (done) await after(done.outcome === 'archived' ? t.archived_done(offer.name) : t.deleted_done(offer.name));
    else await revalidator.revalidate();
  };

  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div className="min-w-0">
          <h1 className="text-2xl font-extrabold">{t.title}</h1>
          <p className="mt-1 text-sm text-ink/70">{t.intro}</p>
        </div>
        <button
          type="button"
          onClick={() => {
            setNotice(null);
            setError(null);
            setEditing('new');
          }}
          className="flex items-center gap-2 rounded-full bg-brand-600 px-4 py-2.5 font-semibold text-white hover:bg-brand-700"
        >
          <Plus size={18} aria-hidden />
          {t.create}
        </button>
      </div>
      <div aria-live="polite" className="space-y-2">
        <FormAlert message={notice} tone="success" />
        <FormAlert message={error} />
      </div>
      <div className={editing ? 'grid grid-cols-[minmax(0,1fr)] gap-6 lg:grid-cols-[minmax(0,1fr)_minmax(0,28rem)]' : ''}>
        {editing ? (
          <div ref={formRef} className={`${card} scroll-mt-4 self-start lg:order-2`}>
            <OfferForm
              key={editing === 'new' ? 'new' : `${editing.id}-${editing.version}`}
              offer={editing === 'new' ? null : editing}
              scope={data.scope}
              onClose={() => setEditing(null)}
              onSaved={(saved) => {
                setEditing(null);
                void after(t.saved_done(saved.name));
              }}
            />
          </div>
        ) : null}
        <section className={`${card} min-w-0 lg:order-1`} aria-labelledby="offers-list">
          <h2 id="offers-list" className="text-lg font-bold">
            {t.listLabel} <span className="text-ink/65">({data.offers.length})</span>
          </h2>
          <p className="mt-1 text-xs text-ink/70">{t.usageHint}</p>
          {data.offers.length === 0 ? <p className="mt-3 text-sm text-ink/70">{t.empty}</p> : null}
          <ul className="mt-3 divide-y divide-black/5">
            {data.offers.map((offer) => (
              <li key={offer.id} className="py-4" data-testid="offer-row" data-offer-id={offer.id}>
                <div className="flex flex-wrap items-start gap-x-3 gap-y-1">
                  <div className="min-w-0 flex-1">
                    <p className="font-semibold">{offer.name}</p>
                    <p className="text-sm text-ink/70">{offerTypeLabels[offer.type]}</p>
                  </div>
                  <span
                    className={`rounded-full px-2.5 py-1 text-xs font-semibold ${offer.is_active ? 'bg-emerald-100 text-emerald-800' : 'bg-stone-200 text-ink/80'}`}
                    data-testid="offer-status"
                  >
                    {offer.is_active ? t.active : t.paused}
                  </span>
                </div>
                <ul className="mt-2 flex flex-wrap gap-1.5 text-xs" aria-label={offerTypeLabels[offer.type]}>
                  {describeOffer(offer, names).map((line) => (
                    <li key={line} className="rounded-full bg-stone-100 px-2.5 py-1 text-ink/80">
                      {line}
                    </li>
                  ))}
                </ul>
                <p className="mt-2 text-sm text-ink/70" data-testid="offer-usage">
                  {t.usage(offer.usage.orders, formatPrice(eurosToCents(offer.usage.cost)))}
                </p>
                <div className="mt-3 flex flex-wrap gap-2">
                  <button
                    type="button"
                    disabled={loading}
                    onClick={() => void toggle(offer)}
                    className={smallButton}
                    aria-label={`${offer.is_active ? t.pause : t.resume} : ${offer.name}`}
                  >
                    {offer.is_active ? <Pause size={15} aria-hidden /> : <Play size={15} aria-hidden />}
                    {offer.is_active ? t.pause : t.resume}
                  </button>
                  <button
                    type="button"
                    onClick={() => {
                      setNotice(null);
                      setEditing(offer);
                    }}
                    className={smallButton}
                    aria-label={`${t.edit} : ${offer.name}`}
                  >
                    <Pencil size={15} aria-hidden />
                    {t.edit}
                  </button>
                  {confirming !== offer.id ? (
                    <button
                      type="button"
                      onClick={() => setConfirming(offer.id)}
                      className={`${smallButton} text-red-700 hover:bg-red-50`}
                      aria-label={`${t.remove} : ${offer.name}`}
                    >
                      <Trash2 size={15} aria-hidden />
                      {t.remove}
                    </button>
                  ) : null}
                </div>
                {confirming === offer.id ? (
                  <ConfirmInline
                    text={t.removeConfirm(offer.name)}
                    confirmLabel={t.confirmRemove}
                    cancelLabel={t.cancel}
                    busy={loading}
                    onConfirm={() => void remove(offer)}
                    onCancel={() => setConfirming(null)}
                  />
                ) : null}
              </li>
            ))}
          </ul>
        </section>
      </div>
    </div>
  );
}
