import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { CheckCircle2, XCircle } from 'lucide-react';
import type { PaymentLinkView } from '@resto/contract/payment-links';
import { confirmPaymentLink, createPaymentLinkIntent, getPaymentLink } from '@resto/contract/payment-links.routes';
import { payLinkPage as t } from '@resto/copy/storefront/payment-links';
import { paymentAnswers } from '@resto/copy/storefront/payment';
import { requestErrors } from '@resto/copy/errors/request';
import { formatEuros } from '@resto/domain/format';
import { eurosToCents } from '@resto/domain/money';
import { api, ApiCallError } from '../../lib/api.ts';
import { buttonClass } from '../../components/ui/button.tsx';
import { cardClass } from '../../components/ui/card.tsx';
import { CardFormError, CardSection, PaymentFailedError, confirmCardIntent, prepareCardPayment } from '../payment/index.ts';

/**
 * The customer's card payment page, `/payer/<token>` (docs/decisions/038), phone first: the
 * restaurant, the order number, its lines and the amount due, then the checkout's own card form
 * (CardSection: the test card form and its 3-D Secure dialog, or Stripe's Payment Element). « Payer »
 * asks the link's one intent, confirms it in the browser (confirmCardIntent), then asks the server to
 * record it — the server asks the provider. A declined card keeps the form as typed for another try;
 * an expired link, an order already paid or cancelled show their French sentence.
 */
export function PayLinkPage({ token, initial }: { token: string; initial: PaymentLinkView }) {
  const [view, setView] = useState(initial);
  const [paying, setPaying] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const returned = useRef(false);

  const record = async () => {
    const after = await api.call(confirmPaymentLink, { params: { token } });
    setView(after);
  };

  // Back from a redirecting 3-D Secure step (Stripe's return_url): record what the provider says.
  useEffect(() => {
    if (returned.current || view.state !== 'payable') return;
    returned.current = true;
    if (!new URLSearchParams(window.location.search).has('payment_intent')) return;
    api.call(confirmPaymentLink, { params: { token } }).then(setView, () => setError(paymentAnswers.paymentFailed));
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once, on arrival
  }, []);

  const pay = async () => {
    setError(null);
    try {
      await prepareCardPayment();
    } catch (cause) {
      if (cause instanceof CardFormError) return setError(cause.message);
      throw cause;
    }
    setPaying(true);
    try {
      const intent = await api.call(createPaymentLinkIntent, { params: { token } });
      await confirmCardIntent(intent, window.location.href.split('?')[0]!);
      await record();
    } catch (cause) {
      if (cause instanceof PaymentFailedError) setError(paymentAnswers.paymentFailed);
      // Expired, paid or cancelled meanwhile: the page as it stands now, with its sentence.
      else if (cause instanceof ApiCallError && cause.is('payment_link_expired', 'payment_link_refused'))
        setView(await api.call(getPaymentLink, { params: { token } }));
      else setError(cause instanceof ApiCallError ? cause.message : requestErrors.genericError);
    } finally {
      setPaying(false);
    }
  };

  const dueCents = eurosToCents(view.amount_due);
  return (
    <div className="mx-auto max-w-xl px-4 py-6 sm:py-10" data-testid="pay-link" data-state={view.state}>
      <p className="text-sm font-semibold uppercase tracking-wide text-ink/70">{view.restaurant.name}</p>
      <h1 className="text-3xl font-extrabold" data-testid="pay-link-order">
        {t.orderNumber(view.order_id)}
      </h1>

      {view.state === 'paid' ? (
        <section className="mt-5 rounded-3xl bg-emerald-50 p-5 text-emerald-900 ring-1 ring-emerald-200" role="status" data-testid="pay-link-paid">
          <div className="flex items-start gap-3">
            <CheckCircle2 aria-hidden className="mt-1 size-7 shrink-0" />
            <div>
              <h2 className="text-xl font-extrabold">{t.thanks}</h2>
              <p className="mt-1">{t.thanksHint}</p>
              <Link to={view.tracking_path} className={buttonClass('primary', 'mt-4 inline-block px-5 py-2.5')} data-testid="pay-link-track">
                {t.track}
              </Link>
            </div>
          </div>
        </section>
      ) : null}

      {view.message ? (
        <section className="mt-5 rounded-3xl bg-red-50 p-5 text-red-900 ring-1 ring-red-200" role="alert" data-testid="pay-link-message">
          <div className="flex items-start gap-3">
            <XCircle aria-hidden className="mt-0.5 size-6 shrink-0" />
            <p className="text-lg font-bold">{view.message}</p>
          </div>
        </section>
      ) : null}

      <section className={`${cardClass} mt-5 p-5`} aria-labelledby="pay-link-lines">
        <h2 id="pay-link-lines" className="sr-only">
          {t.orderNumber(view.order_id)}
        </h2>
        <ul className="divide-y divide-black/10">
          {view.items.map((item, index) => (
            <li key={index} className="flex justify-between gap-3 py-2">
              <span>
                <span className="font-semibold tabular-nums">{item.quantity} ×</span> {item.item_name}
                {item.options.length ? <span className="block text-sm text-ink/70">{item.options.join(', ')}</span> : null}
              </span>
              <span className="tabular-nums">{formatEuros(item.amount)}</span>
            </li>
          ))}
        </ul>
        <div className="mt-3 space-y-1 border-t border-black/10 pt-3">
          <p className="flex justify-between">
            <span>{t.total}</span>
            <span className="tabular-nums">{formatEuros(view.total)}</span>
          </p>
          {view.paid > 0 ? (
            <p className="flex justify-between text-ink/70">
              <span>{t.alreadyPaid}</span>
              <span className="tabular-nums">{formatEuros(view.paid)}</span>
            </p>
          ) : null}
          {view.state === 'payable' ? (
            <p className="flex justify-between text-xl font-extrabold" data-testid="pay-link-due">
              <span>{t.due}</span>
              <span className="tabular-nums">{formatEuros(view.amount_due)}</span>
            </p>
          ) : null}
        </div>
      </section>

      {view.state === 'payable' ? (
        <form
          className={`${cardClass} mt-5 p-5`}
          onSubmit={(event) => {
            event.preventDefault();
            void pay();
          }}
        >
          <CardSection totalCents={dueCents} />
          {error ? (
            <p role="alert" className="mt-3 rounded-xl bg-red-100 p-3 font-semibold text-red-800" data-testid="pay-link-error">
              {error}
            </p>
          ) : null}
          <button
            type="submit"
            className={buttonClass('primary', 'mt-4 w-full px-5 py-3 text-lg')}
            disabled={paying}
            aria-busy={paying}
            data-testid="pay-link-submit"
          >
            {paying ? t.paying : t.pay(formatEuros(view.amount_due))}
          </button>
        </form>
      ) : null}
    </div>
  );
}
