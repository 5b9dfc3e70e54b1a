import { orderChangeSettlement } from '@resto/copy/staff/order-change';
import { useState } from 'react';
import { Minus, Plus } from 'lucide-react';
import { BoardOrderSchema, type BoardOrder } from '@resto/contract/board';
import { orderActions } from '@resto/copy/staff/board';
import { partialRefundErrors, partialRefundForm as t, partialRefundReasonLabels } from '@resto/copy/staff/partial-refunds';
import { formatEuros, formatLongDateTime, formatPrice } from '@resto/domain/format';
import { eurosToCents } from '@resto/domain/money';
import { lineUnitsCents, partialRefundReasons, partialRefundTextMaxLength, type PartialRefundReason } from '@resto/domain/partial-refunds';
import { isApiError } from '../../lib/api.ts';
import { refundPart } from './board-api.ts';

const button = 'rounded-xl px-4 py-3 text-base font-bold shadow-sm disabled:cursor-not-allowed disabled:opacity-50';
const primary = `${button} bg-brand-600 text-white hover:bg-brand-700`;
const secondary = `${button} bg-white ring-1 ring-black/15 hover:bg-black/5`;
const stepper = 'grid size-11 place-items-center rounded-full bg-white ring-1 ring-black/15 hover:bg-black/5 disabled:opacity-40';

/** A fresh key per refund the form asks (the API's `refund_key`: the same key is the same refund). */
function newRefundKey(): string {
  const random = globalThis.crypto?.randomUUID?.() ?? `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`;
  return `ecran-${random}`.slice(0, 64);
}

/** '4,50' or '4.5' → 450 cents; null when it is not euros with at most two decimals. */
function centsOfInput(text: string): number | null {
  const clean = text.trim().replace(/\s|€/gu, '').replace(',', '.');
  if (!/^\d+(\.\d{1,2})?$/u.test(clean)) return null;
  return eurosToCents(Number(clean));
}

/**
 * « Rembourser une partie » of a card order (docs/decisions/035), on the board's order dialog and
 * on the history's order page: the order's refunds with their status, and a form — units of lines
 * with steppers or an amount, the reason (« autre » with its text), « Reste à rembourser » — then a
 * confirmation step. The key is made when the form is filled: pressing « Rembourser » twice, or
 * again after the provider refused, sends the same key (one refund); changing the form makes a new
 * one. A refused form keeps what was typed. `onOrder` gets the order after each answer.
 */
export function PartialRefunds({ order, onOrder }: { order: BoardOrder; onOrder: (order: BoardOrder) => void }) {
  const [open, setOpen] = useState(false);
  const [done, setDone] = useState<string | null>(null);
  if (order.payment_method !== 'card' || (order.refunds.length === 0 && !order.refundable)) return null;
  return (
    <section className="space-y-3 rounded-2xl bg-white p-4 ring-1 ring-black/10" data-testid="partial-refunds">
      <RefundList order={order} />
      {done ? (
        <p role="status" className="rounded-xl bg-emerald-50 px-3 py-2.5 text-sm font-semibold text-emerald-800">
          {done}
        </p>
      ) : null}
      {order.refundable && !open ? (
        <div className="flex flex-wrap items-center justify-between gap-2">
          <p className="font-semibold" data-testid="refund-left">
            {t.left(formatEuros(order.refund_left))}
          </p>
          <button
            type="button"
            className={secondary}
            onClick={() => {
              setDone(null);
              setOpen(true);
            }}
          >
            {t.open}
          </button>
        </div>
      ) : null}
      {open ? (
        <RefundForm
          order={order}
          onOrder={onOrder}
          onCancel={() => setOpen(false)}
          onDone={(amount) => {
            setOpen(false);
            setDone(t.done(amount));
          }}
        />
      ) : null}
    </section>
  );
}

function RefundList({ order }: { order: BoardOrder }) {
  if (order.refunds.length === 0) return null;
  return (
    <div>
      <h3 className="mb-2 text-lg font-bold">{t.listTitle}</h3>
      <ul className="space-y-2 text-sm" data-testid="refund-list">
        {order.refunds.map((refund) => (
          <li key={refund.id} className="rounded-xl bg-black/[0.03] p-3" data-testid="refund-item" data-status={refund.status}>
            <p className="flex flex-wrap justify-between gap-2">
              <strong>
                {refund.kind === 'full'
                  ? t.full
                  : refund.kind === 'change'
                    ? orderChangeSettlement.refundLine
                    : refund.reason
                      ? refund.reason === 'other' && refund.reason_text
                        ? refund.reason_text
                        : partialRefundReasonLabels[refund.reason]
                      : t.full}
              </strong>
              <span className="tabular-nums font-semibold">{formatEuros(refund.amount)}</span>
            </p>
            {refund.kind === 'partial' && refund.lines.some((line) => line.position !== null) ? (
              <p className="text-ink/70">{refund.lines.map((line) => `${line.quantity} × ${line.label}`).join(', ')}</p>
            ) : null}
            <p className="text-ink/70">
              <span
                className={
                  refund.status === 'failed' ? 'font-semibold text-red-700' : refund.status === 'succeeded' ? 'font-semibold text-emerald-800' : 'font-semibold'
                }
              >
                {t.statuses[refund.status]}
              </span>
              {refund.by ? ` · ${t.byWhom(refund.by, formatLongDateTime(new Date(refund.at)))}` : ` · ${formatLongDateTime(new Date(refund.at))}`}
            </p>
            {refund.status === 'failed' && refund.last_error ? <p className="text-red-700">{refund.last_error}</p> : null}
          </li>
        ))}
      </ul>
    </div>
  );
}

function RefundForm({
  order,
  onOrder,
  onCancel,
  onDone,
}: {
  order: BoardOrder;
  onOrder: (order: BoardOrder) => void;
  onCancel: () => void;
  onDone: (amount: string) => void;
}) {
  const lines = order.refundable_lines.filter((line) => line.quantity_left > 0);
  const [mode, setMode] = useState<'lines' | 'amount'>(lines.length > 0 ? 'lines' : 'amount');
  const [units, setUnits] = useState<Record<number, number>>({});
  const [amountText, setAmountText] = useState('');
  const [reason, setReason] = useState<PartialRefundReason>('missing_item');
  const [reasonText, setReasonText] = useState('');
  const [step, setStep] = useState<'form' | 'confirm'>('form');
  const [key, setKey] = useState(newRefundKey);
  const [error, setError] = useState<{ message: string; field: string | null } | null>(null);
  const [sending, setSending] = useState(false);

  const leftCents = eurosToCents(order.refund_left);
  const linesCents = lines.reduce((sum, line) => {
    const asked = units[line.position] ?? 0;
    return (
      sum + (asked > 0 ? lineUnitsCents({ chargedCents: eurosToCents(line.charged), quantity: line.quantity }, line.quantity - line.quantity_left, asked) : 0)
    );
  }, 0);
  const amountCents = mode === 'lines' ? linesCents : centsOfInput(amountText);
  const edited = () => {
    setKey(newRefundKey());
    setError(null);
  };

  const check = (): { message: string; field: string } | null => {
    if (mode === 'lines' && linesCents === 0) return { message: partialRefundErrors.noLine, field: 'lines' };
    if (mode === 'amount' && amountCents === null) return { message: partialRefundErrors.badAmount, field: 'amount' };
    if (mode === 'amount' && amountCents === 0) return { message: partialRefundErrors.zeroAmount, field: 'amount' };
    if ((amountCents ?? 0) > leftCents) return { message: partialRefundErrors.aboveLeft(formatPrice(leftCents)), field: mode };
    if (reason === 'other' && !reasonText.trim()) return { message: partialRefundErrors.reasonTextRequired, field: 'reason_text' };
    return null;
  };

  const send = async () => {
    if (sending) return;
    setSending(true);
    setError(null);
    try {
      const body = {
        refund_key: key,
        reason,
        ...(reason === 'other' ? { reason_text: reasonText.trim() } : {}),
        ...(mode === 'lines'
          ? { lines: lines.filter((line) => (units[line.position] ?? 0) > 0).map((line) => ({ position: line.position, quantity: units[line.position]! })) }
          : { amount: (amountCents ?? 0) / 100 }),
      };
      const after = await refundPart(order.order_id, body);
      onOrder(after);
      onDone(formatPrice(amountCents ?? 0));
    } catch (failure) {
      const payload = isApiError(failure) ? BoardOrderSchema.safeParse(failure.payload) : null;
      if (payload?.success) onOrder(payload.data);
      if (isApiError(failure) && failure.code === 'invalid_request') {
        setStep('form');
        setError({ message: failure.message, field: failure.errors[0]?.path ?? null });
      } else setError({ message: isApiError(failure) && failure.code !== 'network' ? failure.message : orderActions.actionFailed, field: null });
    } finally {
      setSending(false);
    }
  };

  const fieldError = (field: string) =>
    error && error.field !== null && (error.field === field || error.field.startsWith(`${field}.`)) ? (
      <p role="alert" className="text-sm font-semibold text-red-700" id={`refund-${field}-error`}>
        {error.message}
      </p>
    ) : null;

  if (step === 'confirm')
    return (
      <div className="space-y-3" data-testid="refund-confirm">
        <h3 className="text-lg font-bold">{t.confirmTitle}</h3>
        <p>{t.confirmText(formatPrice(amountCents ?? 0))}</p>
        {error ? (
          <p role="alert" className="rounded-xl bg-red-50 px-3 py-2.5 text-sm font-medium text-red-800" data-testid="refund-error">
            {error.message}
          </p>
        ) : null}
        <div className="flex flex-wrap gap-2">
          <button type="button" className={primary} disabled={sending} aria-busy={sending} onClick={() => void send()}>
            {sending ? t.sending : t.confirm}
          </button>
          <button
            type="button"
            className={secondary}
            disabled={sending}
            onClick={() => {
              edited();
              setStep('form');
            }}
          >
            {t.back}
          </button>
        </div>
      </div>
    );

  return (
    <form
      className="space-y-4"
      data-testid="refund-form"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        const refusal = check();
        setError(refusal);
        if (!refusal) setStep('confirm');
      }}
    >
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h3 className="text-lg font-bold">{t.title}</h3>
        <p className="font-semibold" data-testid="refund-left">
          {t.left(formatEuros(order.refund_left))}
        </p>
      </div>
      <fieldset>
        <legend className="mb-2 text-sm font-semibold">{t.modeLabel}</legend>
        <div className="grid grid-cols-2 gap-2">
          {(['lines', 'amount'] as const).map((value) => (
            <label
              key={value}
              className={`flex min-h-11 cursor-pointer items-center justify-center rounded-xl px-3 py-2 text-center font-semibold ring-1 ${mode === value ? 'bg-brand-50 ring-brand-600' : 'bg-white ring-black/15'} ${value === 'lines' && lines.length === 0 ? 'opacity-40' : ''}`}
            >
              <input
                type="radio"
                name="refund-mode"
                value={value}
                className="sr-only"
                checked={mode === value}
                disabled={value === 'lines' && lines.length === 0}
                onChange={() => {
                  edited();
                  setMode(value);
                }}
              />
              {value === 'lines' ? t.byLines : t.byAmount}
            </label>
          ))}
        </div>
      </fieldset>
      {mode === 'lines' ? (
        <div className="space-y-2">
          <ul className="space-y-2">
            {lines.map((line) => {
              const asked = units[line.position] ?? 0;
              const set = (next: number) => {
                edited();
                setUnits({ ...units, [line.position]: Math.max(0, Math.min(line.quantity_left, next)) });
              };
              return (
                <li key={line.position} className="flex items-center justify-between gap-3" data-testid="refund-line">
                  <span className="min-w-0 [overflow-wrap:anywhere]">
                    <span className="font-semibold">{line.label}</span>
                    <span className="block text-sm text-ink/60">{t.ofOrdered(line.quantity_left)}</span>
                  </span>
                  <span className="flex shrink-0 items-center gap-2">
                    <button type="button" className={stepper} aria-label={`${t.less} : ${line.label}`} disabled={asked === 0} onClick={() => set(asked - 1)}>
                      <Minus size={18} aria-hidden />
                    </button>
                    <output className="w-6 text-center text-lg font-bold tabular-nums" aria-label={t.quantityOf(line.label)}>
                      {asked}
                    </output>
                    <button
                      type="button"
                      className={stepper}
                      aria-label={`${t.more} : ${line.label}`}
                      disabled={asked >= line.quantity_left}
                      onClick={() => set(asked + 1)}
                    >
                      <Plus size={18} aria-hidden />
                    </button>
                  </span>
                </li>
              );
            })}
          </ul>
          {fieldError('lines')}
        </div>
      ) : (
        <div className="space-y-1">
          <label htmlFor="refund-amount" className="text-sm font-semibold">
            {t.amountLabel}
          </label>
          <input
            id="refund-amount"
            inputMode="decimal"
            autoComplete="off"
            className="block w-full rounded-xl px-3 py-3 text-lg ring-1 ring-black/20"
            value={amountText}
            aria-invalid={error?.field === 'amount'}
            aria-describedby={error?.field === 'amount' ? 'refund-amount-error' : undefined}
            onChange={(event) => {
              edited();
              setAmountText(event.target.value);
            }}
          />
          {fieldError('amount')}
        </div>
      )}
      <fieldset>
        <legend className="mb-2 text-sm font-semibold">{t.reasonLabel}</legend>
        <div className="grid grid-cols-2 gap-2">
          {partialRefundReasons.map((value) => (
            <label
              key={value}
              className={`flex min-h-11 cursor-pointer items-center gap-2 rounded-xl px-3 py-2 ring-1 ${reason === value ? 'bg-brand-50 ring-brand-600' : 'bg-white ring-black/15'}`}
            >
              <input
                type="radio"
                name="refund-reason"
                value={value}
                checked={reason === value}
                onChange={() => {
                  edited();
                  setReason(value);
                }}
              />
              {partialRefundReasonLabels[value]}
            </label>
          ))}
        </div>
      </fieldset>
      {reason === 'other' ? (
        <div className="space-y-1">
          <label htmlFor="refund-reason-text" className="text-sm font-semibold">
            {t.reasonTextLabel}
          </label>
          <input
            id="refund-reason-text"
            maxLength={partialRefundTextMaxLength}
            className="block w-full rounded-xl px-3 py-3 ring-1 ring-black/20"
            value={reasonText}
            aria-invalid={error?.field === 'reason_text'}
            aria-describedby="refund-reason-text-hint"
            onChange={(event) => {
              edited();
              setReasonText(event.target.value);
            }}
          />
          <p id="refund-reason-text-hint" className="text-sm text-ink/70">
            {t.reasonTextHint}
          </p>
          {fieldError('reason_text')}
        </div>
      ) : null}
      {error && error.field === null ? (
        <p role="alert" className="text-sm font-semibold text-red-700">
          {error.message}
        </p>
      ) : null}
      <p className="font-semibold" data-testid="refund-total">
        {t.total(formatPrice(amountCents ?? 0))}
      </p>
      <div className="flex flex-wrap gap-2">
        <button type="submit" className={primary}>
          {t.next}
        </button>
        <button type="button" className={secondary} onClick={onCancel}>
          {t.cancel}
        </button>
      </div>
    </form>
  );
}
