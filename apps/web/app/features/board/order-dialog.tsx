import { useState } from 'react';
import * as Dialog from '@radix-ui/react-dialog';
import { X } from 'lucide-react';
import { Link } from 'react-router';
import { orderChangePage } from '@resto/copy/staff/order-change';
import type { BoardOrder, OrderActionBody } from '@resto/contract/board';
import { boardOrderCard, orderActions } from '@resto/copy/staff/board';
import { refusalReasonLabels, staffRefusalReasons, refusalTextMaxLength } from '@resto/domain/order-lifecycle';
import { actOnOrder, markNotCollected, retryRefund } from './board-api.ts';
import { CounterPaymentPanel, OrderPaymentsList } from './counter-panel.tsx';
import { counterPayment } from '@resto/copy/staff/board';
import { formatEuros } from '@resto/domain/format';
import { serverNow } from './board-store.ts';
import { OrderCustomer, OrderKind } from './order-card.tsx';
import { addressOf, boardTime, OrderAmounts, OrderLines, OrderOutcome, OrderPayment, OrderTiming } from './order-view.tsx';
import { acceptChoices, delayPresets } from './ready-times.ts';
import { useOrderCall } from './use-order-call.ts';
import { OrderPrinting } from './printer-states.tsx';
import { PartialRefunds } from './partial-refund-panel.tsx';
import { PaymentLinkAction } from './payment-link-panel.tsx';
import { useBoardStore } from './board-store.ts';
import { cardClass } from '../../components/ui/card.tsx';

type Panel = 'main' | 'accept' | 'delay' | 'reject' | 'cancel' | 'pay' | 'not_collected';

const button = 'rounded-xl px-4 py-3 text-base font-bold shadow-sm disabled:cursor-not-allowed disabled:opacity-50';
const primary = `${button} bg-brand-600 text-white hover:bg-brand-700`;
const secondary = `${button} bg-white ring-1 ring-black/15 hover:bg-black/5`;
const danger = `${button} bg-red-700 text-white hover:bg-red-800`;

/**
 * The whole order, opened from its card (docs/decisions/019), with the actions the state
 * machine allows now (`available_actions`): accept with a ready time (+10/+20/+30 min, or the slot
 * of a scheduled order), delay, prête, récupérée / livrée, refuse or cancel with a reason and a
 * confirmation; print the kitchen ticket; retry a failed refund. After an accept, the ticket
 * prints itself when `autoPrint` (the setting `orders.auto_print`).
 */
export function OrderDialog({
  order,
  onClose,
  autoPrint,
  onPrint,
  printing,
  receiptPrinter,
}: {
  order: BoardOrder | null;
  onClose: () => void;
  autoPrint: boolean;
  /** Prints the kitchen ticket of an order (print-ticket.tsx). */
  onPrint: (orderId: number) => void;
  /** A ticket is being printed. */
  printing: boolean;
  /** The counter's printer that prints customers' receipts, or null when there is none. */
  receiptPrinter: string | null;
}) {
  return (
    <Dialog.Root open={order !== null} onOpenChange={(open) => (open ? undefined : onClose())}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-black/50" />
        <Dialog.Content
          className="fixed inset-x-0 bottom-0 z-50 max-h-[92dvh] overflow-y-auto rounded-t-3xl bg-brand-50 p-4 shadow-xl focus:outline-none sm:inset-auto sm:left-1/2 sm:top-1/2 sm:w-[min(40rem,94vw)] sm:-translate-x-1/2 sm:-translate-y-1/2 sm:rounded-3xl sm:p-6"
          aria-describedby={undefined}
          data-testid="order-dialog"
        >
          {order ? (
            <OrderDetails key={order.order_id} order={order} autoPrint={autoPrint} onPrint={onPrint} printing={printing} receiptPrinter={receiptPrinter} />
          ) : null}
          <Dialog.Close className="absolute right-3 top-3 rounded-full bg-white p-2 shadow-sm" aria-label={boardOrderCard.close}>
            <X aria-hidden className="size-5" />
          </Dialog.Close>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

function OrderDetails({
  order,
  autoPrint,
  onPrint,
  printing,
  receiptPrinter,
}: {
  order: BoardOrder;
  autoPrint: boolean;
  onPrint: (orderId: number) => void;
  printing: boolean;
  receiptPrinter: string | null;
}) {
  const [panel, setPanel] = useState<Panel>('main');
  const [paidNotice, setPaidNotice] = useState<string | null>(null);
  const { running, error, run, clearError } = useOrderCall();
  const address = addressOf(order);
  const nowMs = serverNow();
  const act = async (key: string, body: Omit<OrderActionBody, 'expected_status'>) => {
    const result = await run(key, () => actOnOrder(order.order_id, { ...body, expected_status: order.status }));
    setPanel('main');
    if (result && body.action === 'accept' && autoPrint && !result.ticket_printed_at) onPrint(order.order_id);
  };
  const show = (next: Panel) => {
    clearError();
    setPaidNotice(null);
    setPanel(next);
  };
  return (
    <div className="space-y-4">
      <header className="pr-10">
        <Dialog.Title className="text-4xl font-black tabular-nums" data-testid="dialog-order-number">
          {boardOrderCard.orderNumber(order.order_id)}
        </Dialog.Title>
        <div className="mt-2 space-y-1">
          <p className="flex flex-wrap gap-x-2">
            <OrderKind order={order} />
            {address ? <span data-testid="order-address">{address}</span> : null}
          </p>
          {order.placed_at ? <p className="text-sm text-ink/70">{boardOrderCard.placedAt(boardTime(order.placed_at, nowMs))}</p> : null}
          <OrderTiming order={order} nowMs={nowMs} className="text-lg" />
          <OrderCustomer order={order} />
        </div>
      </header>

      {error ? (
        <p role="alert" className="rounded-xl bg-red-100 p-3 font-semibold text-red-800" data-testid="action-error">
          {error}
        </p>
      ) : null}

      {paidNotice ? (
        <p role="status" className="rounded-xl bg-emerald-100 p-3 text-lg font-bold text-emerald-900" data-testid="paid-notice">
          {paidNotice}
        </p>
      ) : null}

      {panel === 'pay' ? (
        <CounterPaymentPanel
          order={order}
          run={run}
          running={running}
          onBack={() => show('main')}
          onPaid={(change) => {
            setPanel('main');
            setPaidNotice(change > 0 ? counterPayment.done(formatEuros(change)) : counterPayment.doneNoChange);
          }}
        />
      ) : null}
      {panel === 'not_collected' ? (
        <div className="space-y-3 rounded-2xl bg-white p-4 ring-1 ring-black/10" data-testid="not-collected-panel">
          <h3 className="text-xl font-black">{orderActions.notCollectedTitle(order.order_id)}</h3>
          <p>{orderActions.notCollectedHint}</p>
          <div className="flex flex-wrap gap-2">
            <button
              type="button"
              className={danger}
              disabled={running !== null}
              aria-busy={running === 'not_collected'}
              onClick={() => void run('not_collected', () => markNotCollected(order.order_id, order.status)).then(() => setPanel('main'))}
            >
              {running === 'not_collected' ? orderActions.working : orderActions.confirmNotCollected}
            </button>
            <button type="button" className={secondary} onClick={() => show('main')}>
              {orderActions.back}
            </button>
          </div>
        </div>
      ) : null}
      {panel === 'main' ? <MainActions order={order} running={running} onPanel={show} act={act} run={run} onPrint={onPrint} printing={printing} /> : null}
      {panel === 'main' ? <PaymentLinkAction order={order} /> : null}
      {panel === 'accept' ? <AcceptPanel order={order} running={running} act={act} onBack={() => show('main')} /> : null}
      {panel === 'delay' ? <DelayPanel order={order} running={running} act={act} onBack={() => show('main')} /> : null}
      {panel === 'reject' || panel === 'cancel' ? <RefusePanel order={order} action={panel} running={running} act={act} onBack={() => show('main')} /> : null}

      <OrderPrinting order={order} run={run} running={running} receiptPrinter={receiptPrinter} />

      <section className={`${cardClass} p-4`}>
        <OrderLines order={order} />
        <div className="mt-3 space-y-3 border-t border-black/10 pt-3">
          <OrderAmounts order={order} />
          <OrderPayment order={order} withTotal={false} />
          <OrderPaymentsList order={order} run={run} running={running} />
        </div>
      </section>
      <OrderOutcome order={order} />
      <PartialRefunds order={order} onOrder={(after) => useBoardStore.getState().order(after)} />
    </div>
  );
}

type Act = (key: string, body: Omit<OrderActionBody, 'expected_status'>) => Promise<void>;
type Run = ReturnType<typeof useOrderCall>['run'];

function MainActions({
  order,
  running,
  onPanel,
  act,
  run,
  onPrint,
  printing,
}: {
  order: BoardOrder;
  running: string | null;
  onPanel: (p: Panel) => void;
  act: Act;
  run: Run;
  onPrint: (orderId: number) => void;
  printing: boolean;
}) {
  const can = (action: BoardOrder['available_actions'][number]) => order.available_actions.includes(action);
  const busy = running !== null;
  const notCollectable = order.payment_method === 'cash' && (order.status === 'accepted' || order.status === 'ready') && order.payments.paid === 0;
  return (
    <div className="flex flex-wrap gap-2" data-testid="order-actions">
      {order.payments.payable ? (
        <button type="button" className={primary} disabled={busy} onClick={() => onPanel('pay')} data-testid="take-payment">
          {orderActions.takePayment}
        </button>
      ) : null}
      {can('accept') ? (
        <button type="button" className={primary} disabled={busy} onClick={() => onPanel('accept')}>
          {orderActions.accept}
        </button>
      ) : null}
      {can('mark_ready') ? (
        <button
          type="button"
          className={primary}
          disabled={busy}
          aria-busy={running === 'mark_ready'}
          onClick={() => void act('mark_ready', { action: 'mark_ready' })}
        >
          {running === 'mark_ready' ? orderActions.working : orderActions.markReady}
        </button>
      ) : null}
      {can('complete') ? (
        <button
          type="button"
          className={order.status === 'ready' ? primary : secondary}
          disabled={busy}
          aria-busy={running === 'complete'}
          onClick={() => void act('complete', { action: 'complete' })}
        >
          {running === 'complete' ? orderActions.working : order.is_pickup ? orderActions.completePickup : orderActions.completeDelivery}
        </button>
      ) : null}
      {can('delay') ? (
        <button type="button" className={secondary} disabled={busy} onClick={() => onPanel('delay')}>
          {orderActions.delay}
        </button>
      ) : null}
      {order.changeable ? (
        <Link to={`/restaurant/commandes/${order.order_id}/modifier`} className={secondary} data-testid="change-order">
          {orderChangePage.button}
        </Link>
      ) : null}
      <button type="button" className={secondary} disabled={busy || printing} onClick={() => onPrint(order.order_id)} data-testid="print-ticket">
        {order.ticket_printed_at ? orderActions.reprint : orderActions.print}
      </button>
      {can('reject') ? (
        <button type="button" className={`${secondary} text-red-700`} disabled={busy} onClick={() => onPanel('reject')}>
          {orderActions.reject}
        </button>
      ) : null}
      {notCollectable ? (
        <button type="button" className={`${secondary} text-red-700`} disabled={busy} onClick={() => onPanel('not_collected')} data-testid="not-collected">
          {orderActions.notCollected}
        </button>
      ) : null}
      {can('cancel') ? (
        <button type="button" className={`${secondary} text-red-700`} disabled={busy} onClick={() => onPanel('cancel')}>
          {orderActions.cancel}
        </button>
      ) : null}
      {order.refund?.status === 'failed' ? (
        <button
          type="button"
          className={danger}
          disabled={busy}
          aria-busy={running === 'refund'}
          onClick={() => void run('refund', () => retryRefund(order.order_id))}
        >
          {running === 'refund' ? orderActions.working : boardOrderCard.retryRefund}
        </button>
      ) : null}
    </div>
  );
}

function AcceptPanel({ order, running, act, onBack }: { order: BoardOrder; running: string | null; act: Act; onBack: () => void }) {
  const now = serverNow();
  const { slot, presets } = acceptChoices(order, now);
  const busy = running !== null;
  return (
    <section className={`${cardClass} space-y-3 p-4`} aria-labelledby="accept-title" data-testid="accept-panel">
      <h3 id="accept-title" className="text-lg font-bold">
        {orderActions.acceptTitle(order.order_id)}
      </h3>
      <p>{orderActions.acceptHint}</p>
      <div className="grid gap-2 sm:grid-cols-3">
        {slot ? (
          <button
            type="button"
            className={`${primary} sm:col-span-3`}
            disabled={busy}
            onClick={() => void act('accept-slot', { action: 'accept', ready_at: slot })}
          >
            {orderActions.atSlot(boardTime(slot, now))}
          </button>
        ) : null}
        {presets.map(({ minutes, readyAt }) => {
          return (
            <button
              key={minutes}
              type="button"
              className={slot ? secondary : primary}
              disabled={busy}
              aria-busy={running === `accept-${minutes}`}
              onClick={() => void act(`accept-${minutes}`, { action: 'accept', ready_at: readyAt })}
            >
              {orderActions.presetAt(minutes, boardTime(readyAt, now))}
            </button>
          );
        })}
      </div>
      <button type="button" className="text-sm font-semibold underline" onClick={onBack} disabled={busy}>
        {orderActions.back}
      </button>
    </section>
  );
}

function DelayPanel({ order, running, act, onBack }: { order: BoardOrder; running: string | null; act: Act; onBack: () => void }) {
  const now = serverNow();
  const { base, presets } = delayPresets(order, now);
  const busy = running !== null;
  return (
    <section className={`${cardClass} space-y-3 p-4`} aria-labelledby="delay-title" data-testid="delay-panel">
      <h3 id="delay-title" className="text-lg font-bold">
        {orderActions.delayTitle(order.order_id)}
      </h3>
      <p>{orderActions.delayHint(boardTime(base, now))}</p>
      <div className="grid gap-2 sm:grid-cols-3">
        {presets.map(({ minutes, readyAt }) => {
          return (
            <button
              key={minutes}
              type="button"
              className={primary}
              disabled={busy}
              onClick={() => void act(`delay-${minutes}`, { action: 'delay', ready_at: readyAt })}
            >
              {orderActions.presetAt(minutes, boardTime(readyAt, now))}
            </button>
          );
        })}
      </div>
      <button type="button" className="text-sm font-semibold underline" onClick={onBack} disabled={busy}>
        {orderActions.back}
      </button>
    </section>
  );
}

function RefusePanel({
  order,
  action,
  running,
  act,
  onBack,
}: {
  order: BoardOrder;
  action: 'reject' | 'cancel';
  running: string | null;
  act: Act;
  onBack: () => void;
}) {
  const [reason, setReason] = useState<(typeof staffRefusalReasons)[number] | null>(null);
  const [text, setText] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const busy = running !== null;
  const confirm = () => {
    if (!reason) return setProblem(orderActions.reasonRequired);
    if (reason === 'other' && !text.trim()) return setProblem(orderActions.otherRequired);
    setProblem(null);
    void act(action, { action, reason, ...(reason === 'other' ? { reason_text: text.trim() } : {}) });
  };
  return (
    <section className={`${cardClass} space-y-3 p-4`} aria-labelledby="refuse-title" data-testid="refuse-panel">
      <h3 id="refuse-title" className="text-lg font-bold">
        {action === 'reject' ? orderActions.rejectTitle(order.order_id) : orderActions.cancelTitle(order.order_id)}
      </h3>
      <fieldset className="space-y-1">
        <legend className="mb-1 font-semibold">{orderActions.reasonLegend}</legend>
        {staffRefusalReasons.map((r) => (
          <label key={r} className="flex items-center gap-2 rounded-lg p-1.5 hover:bg-black/5">
            <input type="radio" name="reason" value={r} checked={reason === r} onChange={() => setReason(r)} className="size-5" />
            {refusalReasonLabels[r]}
          </label>
        ))}
      </fieldset>
      {reason === 'other' ? (
        <label className="block">
          <span className="text-sm font-semibold">{orderActions.otherText}</span>
          <textarea
            className="mt-1 w-full rounded-lg border border-black/20 p-2"
            maxLength={refusalTextMaxLength}
            rows={2}
            value={text}
            onChange={(e) => setText(e.target.value)}
          />
        </label>
      ) : null}
      {order.payment_method === 'card' ? <p className="text-sm font-semibold text-amber-800">{orderActions.refundWarning}</p> : null}
      {problem ? (
        <p role="alert" className="text-sm font-semibold text-red-700">
          {problem}
        </p>
      ) : null}
      <div className="flex flex-wrap gap-2">
        <button type="button" className={danger} disabled={busy} aria-busy={running === action} onClick={confirm}>
          {running === action ? orderActions.working : action === 'reject' ? orderActions.confirmReject : orderActions.confirmCancel}
        </button>
        <button type="button" className={secondary} onClick={onBack} disabled={busy}>
          {orderActions.back}
        </button>
      </div>
    </section>
  );
}
