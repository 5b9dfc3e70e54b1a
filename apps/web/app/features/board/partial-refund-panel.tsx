import { orderChangeSettlement } from '@resto/copy/staff/order-change';
import { useState, type FormHTMLAttributes, type ReactNode } from 'react';
import { Form } from 'react-router';
import { Minus, Plus } from 'lucide-react';
import { BoardOrderSchema, type BoardOrder } from '@resto/contract/board';
import { orderActions } from '@resto/copy/staff/board';
import { partialRefundForm as t, partialRefundReasonLabels } from '@resto/copy/staff/partial-refunds';
import { formatEuros, formatLongDateTime, formatPrice } from '@resto/domain/format';
import { partialRefundReasons, partialRefundTextMaxLength, type PartialRefundReason } from '@resto/domain/partial-refunds';
import { isApiError } from '../../lib/api.ts';
import { refundPart } from './board-api.ts';
import {
  checkRefundForm,
  linesLeftOf,
  newRefundKey,
  refundBodyOf,
  refundFields,
  refundFormCents,
  type PartialRefundSubmission,
  type RefundFormError,
  type RefundFormValues,
} from './partial-refund-form.ts';

const button = 'rounded-xl px-4 py-3 text-base font-bold shadow-sm disabled:cursor-not-allowed disabled:opacity-50';
const primary = `${button} bg-brand-600 text-white hover:bg-brand-700`;
const secondary = `${button} bg-white ring-1 ring-black/15 hover:bg-black/5`;
const stepper = 'grid size-11 place-items-center rounded-full bg-white ring-1 ring-black/15 hover:bg-black/5 disabled:opacity-40';
/** What needs JavaScript (the steppers, the live total) is drawn once the page is hydrated (`<html data-hydrated>`). */
const hydratedOnly = '[html:not([data-hydrated])_&]:hidden';
/** A choice (a radio in its label) drawn as chosen from the radio itself: right before hydration and without JavaScript too. */
const choice =
  'cursor-pointer rounded-xl px-3 py-2 ring-1 bg-white ring-black/15 has-[:checked]:bg-brand-50 has-[:checked]:ring-brand-600 has-[:focus-visible]:ring-2';

/**
 * On the history's order page (docs/decisions/035): the form is also a form posted to the page's
 * action (`intent=partial_refund`), so it works before hydration and without JavaScript.
 */
export interface PartialRefundPost {
  /** The refund key made on the server when the page rendered (the API's `refund_key`). */
  refundKey: string;
  /** What the action answered to the form last posted, or null. */
  submitted: PartialRefundSubmission | null;
}

/** A `<form>`, or with `post` a React Router `<Form method="post">` carrying `intent=partial_refund`. */
function RefundFormTag({
  post,
  children,
  ...props
}: { post: PartialRefundPost | undefined; children: ReactNode; 'data-testid'?: string } & Pick<
  FormHTMLAttributes<HTMLFormElement>,
  'className' | 'noValidate' | 'onSubmit'
>) {
  if (!post) return <form {...props}>{children}</form>;
  return (
    <Form method="post" {...props}>
      <input type="hidden" name="intent" value={refundFields.intent} />
      {children}
    </Form>
  );
}

/**
 * A button of the form: with JavaScript it does `onPress` (the click's default prevented); with
 * `post` and before hydration it posts the form with `step=<step>` to the page's action.
 */
function StepButton({
  post,
  step,
  onPress,
  className,
  disabled,
  children,
}: {
  post: PartialRefundPost | undefined;
  step: 'open' | 'cancel' | 'refund' | 'edit';
  onPress: () => void;
  className: string;
  disabled?: boolean;
  children: ReactNode;
}) {
  return (
    <button
      type={post ? 'submit' : 'button'}
      name={refundFields.step}
      value={step}
      className={className}
      disabled={disabled}
      aria-busy={disabled}
      onClick={(event) => {
        event.preventDefault();
        onPress();
      }}
    >
      {children}
    </button>
  );
}

/**
 * « Rembourser une partie » of a card order (docs/decisions/035), on the board's order dialog and
 * on the history's order page: the order's refunds with their status, and a form — units of lines
 * with steppers (or typed) or an amount, the reason (« autre » with its text), « Reste à
 * rembourser » — then a confirmation step. The key is made when the form is filled: pressing
 * « Rembourser » twice, or again after the provider refused, sends the same key (one refund);
 * changing the form makes a new one. A refused form keeps what was typed. `onOrder` gets the order
 * after each answer. With `post` (the history's page) every button also posts the form to the
 * page's action, which draws this component again from its answer (`post.submitted`): the same
 * steps without JavaScript, the key the page's (made on the server).
 */
export function PartialRefunds({ order, onOrder, post }: { order: BoardOrder; onOrder: (order: BoardOrder) => void; post?: PartialRefundPost }) {
  const submitted = post?.submitted ?? null;
  const [open, setOpen] = useState(submitted !== null && submitted.step !== 'done');
  // Opened by the page's answer (drawn by the server: its key and what was typed), or on the screen (a key of its own).
  const [fromPage, setFromPage] = useState(true);
  const [done, setDone] = useState<string | null>(submitted?.step === 'done' && submitted.done ? t.done(submitted.done) : null);
  if (order.refunds.length === 0 && !order.refundable) return null;
  return (
    <section className="space-y-3 rounded-2xl bg-white p-4 ring-1 ring-black/10" data-testid="partial-refunds">
      <RefundList order={order} />
      {done ? (
        <p role="status" className="rounded-xl bg-emerald-50 px-3 py-2.5 text-sm font-semibold text-emerald-800">
          {done}
        </p>
      ) : null}
      {order.refundable && !open ? (
        <RefundFormTag post={post} className="flex flex-wrap items-center justify-between gap-2">
          <p className="font-semibold" data-testid="refund-left">
            {t.left(formatEuros(order.refund_left))}
          </p>
          <StepButton
            post={post}
            step="open"
            className={secondary}
            onPress={() => {
              setDone(null);
              setFromPage(false);
              setOpen(true);
            }}
          >
            {t.open}
          </StepButton>
        </RefundFormTag>
      ) : null}
      {open && order.refundable ? (
        <RefundForm
          order={order}
          onOrder={onOrder}
          post={post}
          fromPage={fromPage}
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

/** The form's values as hidden inputs (the confirmation step posts them with its key). */
function HiddenValues({ values, refundKey }: { values: RefundFormValues; refundKey: string }) {
  return (
    <>
      <input type="hidden" name={refundFields.refundKey} value={refundKey} />
      <input type="hidden" name={refundFields.mode} value={values.mode} />
      {values.mode === 'lines' ? (
        Object.entries(values.units)
          .filter(([, quantity]) => quantity > 0)
          .map(([position, quantity]) => <input key={position} type="hidden" name={refundFields.quantity(Number(position))} value={quantity} />)
      ) : (
        <input type="hidden" name={refundFields.amount} value={values.amountText} />
      )}
      <input type="hidden" name={refundFields.reason} value={values.reason} />
      {values.reason === 'other' ? <input type="hidden" name={refundFields.reasonText} value={values.reasonText} /> : null}
    </>
  );
}

const formFields = ['lines', 'amount', 'reason_text'];

function RefundForm({
  order,
  onOrder,
  onCancel,
  onDone,
  post,
  fromPage,
}: {
  order: BoardOrder;
  onOrder: (order: BoardOrder) => void;
  onCancel: () => void;
  onDone: (amount: string) => void;
  post: PartialRefundPost | undefined;
  fromPage: boolean;
}) {
  const lines = linesLeftOf(order);
  const submitted = fromPage ? (post?.submitted ?? null) : null;
  const typed = submitted?.values ?? null;
  const [mode, setMode] = useState<'lines' | 'amount'>(typed?.mode ?? (lines.length > 0 ? 'lines' : 'amount'));
  const [units, setUnits] = useState<Record<number, number>>(typed?.units ?? {});
  const [amountText, setAmountText] = useState(typed?.amountText ?? '');
  const [reason, setReason] = useState<PartialRefundReason>(typed?.reason ?? 'missing_item');
  const [reasonText, setReasonText] = useState(typed?.reasonText ?? '');
  // Posted (without JavaScript): the confirmation step of what was typed, unless the form's own checks refuse it.
  const refusedTyped = submitted?.step === 'confirm' && typed ? checkRefundForm(order, typed) : null;
  const [step, setStep] = useState<'form' | 'confirm'>(submitted?.step === 'confirm' && typed && !refusedTyped ? 'confirm' : 'form');
  // The page's key only for the form the server drew (hydrated as it is); opened on the screen, a fresh one (the page's may have served already).
  const [key, setKey] = useState(() => (post && fromPage ? post.refundKey : newRefundKey()));
  const [error, setError] = useState<RefundFormError | null>(submitted?.error ?? refusedTyped);
  const [sending, setSending] = useState(false);

  const values: RefundFormValues = { mode, units, amountText, reason, reasonText };
  const amountCents = refundFormCents(order, values);
  const edited = () => {
    setKey(newRefundKey());
    setError(null);
  };

  const send = async () => {
    if (sending) return;
    const body = refundBodyOf(values, key);
    if ('error' in body) {
      setStep('form');
      setError(body.error);
      return;
    }
    setSending(true);
    setError(null);
    try {
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
  const generalError = error && (error.field === null || !formFields.some((field) => error.field === field || error.field!.startsWith(`${field}.`)));

  if (step === 'confirm')
    return (
      <RefundFormTag post={post} className="space-y-3" data-testid="refund-confirm">
        {post ? <HiddenValues values={values} refundKey={key} /> : null}
        <h3 className="text-lg font-bold">{t.confirmTitle}</h3>
        <p>{t.confirmText(formatPrice(amountCents ?? 0))}</p>
        {error ? (
          <p role="alert" className="rounded-xl bg-red-50 px-3 py-2.5 text-sm font-medium text-red-800" data-testid="refund-error">
            {error.message}
          </p>
        ) : null}
        <div className="flex flex-wrap gap-2">
          <StepButton post={post} step="refund" className={primary} disabled={sending} onPress={() => void send()}>
            {sending ? t.sending : t.confirm}
          </StepButton>
          <StepButton
            post={post}
            step="edit"
            className={secondary}
            disabled={sending}
            onPress={() => {
              edited();
              setStep('form');
            }}
          >
            {t.back}
          </StepButton>
        </div>
      </RefundFormTag>
    );

  return (
    <RefundFormTag
      post={post}
      className="group/refund space-y-4"
      data-testid="refund-form"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        const refusal = checkRefundForm(order, values);
        setError(refusal);
        if (!refusal) setStep('confirm');
      }}
    >
      {post ? <input type="hidden" name={refundFields.refundKey} value={key} /> : null}
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
              className={`flex min-h-11 items-center justify-center text-center font-semibold ${choice} ${value === 'lines' && lines.length === 0 ? 'opacity-40' : ''}`}
            >
              <input
                type="radio"
                name={refundFields.mode}
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
      {/* Both parts are drawn; the one of the mode not chosen is hidden by CSS (without JavaScript too), and ignored when posted. */}
      <div className="space-y-2 group-has-[[name=mode][value=amount]:checked]/refund:hidden" data-testid="refund-lines">
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
                  <button
                    type="button"
                    className={`${stepper} ${hydratedOnly}`}
                    aria-label={`${t.less} : ${line.label}`}
                    disabled={asked === 0}
                    onClick={() => set(asked - 1)}
                  >
                    <Minus size={18} aria-hidden />
                  </button>
                  <input
                    type="number"
                    name={refundFields.quantity(line.position)}
                    inputMode="numeric"
                    min={0}
                    max={line.quantity_left}
                    className="h-11 w-14 rounded-xl text-center text-lg font-bold tabular-nums ring-1 ring-black/20 [appearance:textfield] [&::-webkit-inner-spin-button]:appearance-none"
                    aria-label={t.quantityOf(line.label)}
                    value={asked}
                    onChange={(event) => set(Number.parseInt(event.target.value, 10) || 0)}
                  />
                  <button
                    type="button"
                    className={`${stepper} ${hydratedOnly}`}
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
      <div className="space-y-1 group-has-[[name=mode][value=lines]:checked]/refund:hidden">
        <label htmlFor="refund-amount" className="text-sm font-semibold">
          {t.amountLabel}
        </label>
        <input
          id="refund-amount"
          name={refundFields.amount}
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
      <fieldset>
        <legend className="mb-2 text-sm font-semibold">{t.reasonLabel}</legend>
        <div className="grid grid-cols-2 gap-2">
          {partialRefundReasons.map((value) => (
            <label key={value} className={`flex min-h-11 items-center gap-2 ${choice}`}>
              <input
                type="radio"
                name={refundFields.reason}
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
      {/* « Autre »'s text, shown by CSS once « Autre » is chosen (without JavaScript too). */}
      <div className="hidden space-y-1 group-has-[[name=reason][value=other]:checked]/refund:block">
        <label htmlFor="refund-reason-text" className="text-sm font-semibold">
          {t.reasonTextLabel}
        </label>
        <input
          id="refund-reason-text"
          name={refundFields.reasonText}
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
      {generalError ? (
        <p role="alert" className="text-sm font-semibold text-red-700">
          {error.message}
        </p>
      ) : null}
      <p className={`font-semibold ${hydratedOnly}`} data-testid="refund-total">
        {t.total(formatPrice(amountCents ?? 0))}
      </p>
      <div className="flex flex-wrap gap-2">
        <button type="submit" name={refundFields.step} value="confirm" className={primary}>
          {t.next}
        </button>
        <StepButton post={post} step="cancel" className={secondary} onPress={onCancel}>
          {t.cancel}
        </StepButton>
      </div>
    </RefundFormTag>
  );
}
