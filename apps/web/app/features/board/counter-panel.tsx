import { useState } from 'react';
import type { BoardOrder } from '@resto/contract/board';
import { counterPayment as t, orderActions } from '@resto/copy/staff/board';
import { counterPaymentErrors, meansLabels } from '@resto/copy/staff/books';
import { formatEuros, formatPrice, parseFrenchDecimal } from '@resto/domain/format';
import { centsToEuros, eurosToCents } from '@resto/domain/money';
import { counterMeans, settleAtCounter, type CounterMeans } from '@resto/domain/sale-documents';
import { reverseCounterPayment, takeCounterPayment } from './board-api.ts';
import { boardTime } from './order-view.tsx';
import { serverNow } from './board-store.ts';
import type { useOrderCall } from './use-order-call.ts';
import { buttonClass } from '../../components/ui/button.tsx';

type Run = ReturnType<typeof useOrderCall>['run'];

const inputClass = 'w-full rounded-xl border border-black/20 bg-white px-3 py-3 text-right text-xl font-bold tabular-nums focus:outline-none focus:ring-2 focus:ring-brand-600';

/**
 * « Encaisser » (docs/decisions/031): what was handed over per means — cash (the change shown as
 * it is typed), the card on the terminal, meal vouchers paper or card within what they may pay —
 * checked in the browser with the server's own rule (settleAtCounter) before it is sent. A refusal
 * keeps what was typed; the change stays on screen once paid.
 */
export function CounterPaymentPanel({ order, run, running, onBack, onPaid }: { order: BoardOrder; run: Run; running: string | null; onBack: () => void; onPaid: (changeEuros: number) => void }) {
  const [typed, setTyped] = useState<Record<CounterMeans, string>>({ cash: '', card_terminal: '', meal_voucher_paper: '', meal_voucher_card: '' });
  const payments = order.payments;
  const tenders = counterMeans.flatMap((means) => {
    const text = typed[means].trim();
    return text === '' ? [] : [{ means, amount: parseFrenchDecimal(text) }];
  });
  const malformed = tenders.some((tender) => !Number.isFinite(tender.amount) || tender.amount < 0 || Math.round(tender.amount * 100) !== tender.amount * 100);
  const settlement = tenders.length && !malformed
    ? settleAtCounter({
        totalCents: eurosToCents(payments.total),
        paidCents: eurosToCents(payments.paid),
        // The panel's cap is what vouchers may still pay: nothing counted twice.
        voucherPaidCents: 0,
        voucherCapCents: eurosToCents(payments.voucher_cap),
        tenders: tenders.map((tender) => ({ means: tender.means, amount: eurosToCents(tender.amount) })),
      })
    : null;
  const applied = settlement?.ok ? settlement.payments.reduce((sum, payment) => sum + payment.amount, 0) : 0;
  const fill = (means: CounterMeans) => setTyped({ cash: '', card_terminal: '', meal_voucher_paper: '', meal_voucher_card: '', [means]: payments.due.toFixed(2).replace('.', ',') });
  const submit = async () => {
    if (!settlement?.ok) return;
    let change = 0;
    const paid = await run('pay', async () => {
      const answer = await takeCounterPayment(order.order_id, { tenders: tenders.map((tender) => ({ means: tender.means, amount: tender.amount })), expected_paid: payments.paid });
      change = answer.change;
      return answer.order;
    });
    if (paid) onPaid(change);
  };
  return (
    <form
      className="space-y-3 rounded-2xl bg-white p-4 ring-1 ring-black/10"
      data-testid="counter-payment"
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      <h3 className="text-xl font-black">{t.title(order.order_id)}</h3>
      <p className="text-lg font-bold tabular-nums" data-testid="counter-due">
        {t.due(formatEuros(payments.due))}
      </p>
      <div className="flex flex-wrap gap-2">
        <button type="button" className={buttonClass('secondary')} onClick={() => fill('cash')}>
          {t.allCash}
        </button>
        <button type="button" className={buttonClass('secondary')} onClick={() => fill('card_terminal')}>
          {t.allCard}
        </button>
      </div>
      <div className="grid gap-3 sm:grid-cols-2">
        {counterMeans.map((means) => (
          <label key={means} className="block text-sm font-semibold">
            {t.means[means]}
            <input
              className={`${inputClass} mt-1`}
              inputMode="decimal"
              autoComplete="off"
              placeholder="0,00"
              value={typed[means]}
              name={means}
              data-testid={`tender-${means}`}
              aria-invalid={settlement && !settlement.ok && settlement.field === means ? true : undefined}
              onChange={(event) => setTyped({ ...typed, [means]: event.target.value })}
            />
          </label>
        ))}
      </div>
      <p className="text-sm text-ink/70">{t.voucherCap(formatEuros(payments.voucher_cap))}</p>
      <div aria-live="polite" className="min-h-7">
        {malformed ? <p className="font-semibold text-red-700">{counterPaymentErrors.badAmount}</p> : null}
        {settlement && !settlement.ok ? (
          <p className="font-semibold text-red-700" data-testid="counter-problem">
            {settlement.message}
          </p>
        ) : null}
        {settlement?.ok && settlement.changeCents > 0 ? (
          <p className="text-2xl font-black text-emerald-800 tabular-nums" data-testid="counter-change">
            {t.change(formatPrice(settlement.changeCents))}
          </p>
        ) : null}
        {settlement?.ok && settlement.restCents > 0 ? <p className="font-semibold text-amber-800">{t.rest(formatPrice(settlement.restCents))}</p> : null}
      </div>
      <div className="flex flex-wrap gap-2">
        <button type="submit" className={buttonClass('primary')} disabled={!settlement?.ok || running !== null} aria-busy={running === 'pay'} data-testid="counter-confirm">
          {running === 'pay' ? orderActions.working : t.confirm(formatEuros(centsToEuros(applied)))}
        </button>
        <button type="button" className={buttonClass('secondary')} onClick={onBack}>
          {orderActions.back}
        </button>
      </div>
    </form>
  );
}

/** The order's payments, each with who took it and when; a standing one can be reversed (a counter-entry, after a confirmation). */
export function OrderPaymentsList({ order, run, running }: { order: BoardOrder; run: Run; running: string | null }) {
  const [confirming, setConfirming] = useState<number | null>(null);
  const lines = order.payments.lines;
  if (lines.length === 0) return null;
  const nowMs = serverNow();
  return (
    <section className="space-y-2" data-testid="order-payments">
      <h3 className="font-bold">{t.paymentsTitle}</h3>
      <ul className="space-y-2">
        {lines.map((line) => (
          <li key={line.seq} className="flex flex-wrap items-center justify-between gap-2 rounded-xl bg-white p-2 text-sm ring-1 ring-black/10">
            <span>
              <span className="font-semibold">{line.amount < 0 ? (line.reverses ? t.reversal : t.handedBack) : meansLabels[line.means]}</span>{' '}
              <span className="tabular-nums">{formatEuros(line.amount)}</span>
              {line.tendered !== null ? <span className="text-ink/70"> · {t.tendered(formatEuros(line.tendered))}</span> : null}
              <span className="text-ink/60"> · {line.by ? t.by(line.by, boardTime(line.at, nowMs)) : t.at(boardTime(line.at, nowMs))}</span>
            </span>
            {line.reversible ? (
              confirming === line.seq ? (
                <button
                  type="button"
                  className={`${buttonClass('secondary')} text-red-700`}
                  disabled={running !== null}
                  onClick={() => void run(`reverse-${line.seq}`, () => reverseCounterPayment(order.order_id, line.seq)).then(() => setConfirming(null))}
                >
                  {running === `reverse-${line.seq}` ? orderActions.working : t.confirmReverse}
                </button>
              ) : (
                <button type="button" className="text-sm font-semibold text-red-700 underline" onClick={() => setConfirming(line.seq)}>
                  {t.reverse}
                </button>
              )
            ) : null}
          </li>
        ))}
      </ul>
    </section>
  );
}
