import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { BellRing, Phone, WifiOff } from 'lucide-react';
import { boardColumnLabels, boardColumns, type BoardColumn } from '@resto/domain/order-lifecycle';
import { boardPage } from '@resto/copy/staff/board';
import { phoneOrderPage } from '@resto/copy/staff/phone-order';
import { readSetting } from '@resto/domain/settings';
import { loadPublicSettings, markOpened } from './board-api.ts';
import { isConnectionLost, useBoardStore } from './board-store.ts';
import { ordersByColumn, unopenedOrders } from './board-state.ts';
import { OrderCard } from './order-card.tsx';
import { OrderDialog } from './order-dialog.tsx';
import { clockTime } from './order-view.tsx';
import { TicketPrintHost } from './print-ticket.tsx';
import { useAttention } from './use-attention.ts';
import { OrderingControls } from '../backoffice-hours/index.ts';
import { useBoardLive } from './use-board-live.ts';
import { PrinterAlarms, PrinterChips, usePrintersStatus } from './printer-states.tsx';

/** Where a signed-out screen goes: the staff log-in page (docs/decisions/020). */
const loginPath = '/restaurant';

/**
 * The orders board, /restaurant/commandes (docs/decisions/019, 021 and 022): the four columns of the
 * state machine (one at a time with tabs on a phone, side by side from 768 px), live by SSE with
 * periodic full states (use-board-live.ts), ringing while a new order is unopened
 * (use-attention.ts), and the whole order with its actions in a dialog (order-dialog.tsx).
 * `subscribeToPush` is the Web Push subscription of the "escalation" part, when given.
 */
export function BoardPage({ subscribeToPush }: { subscribeToPush?: () => Promise<unknown> } = {}) {
  const navigate = useNavigate();
  const onSignedOut = useCallback(() => void navigate(loginPath, { replace: true }), [navigate]);
  useBoardLive(onSignedOut);

  const board = useBoardStore((s) => s.board);
  const lost = useBoardStore(isConnectionLost);
  const offline = useBoardStore((s) => s.offline);
  const syncedAt = useBoardStore((s) => s.syncedAt);
  const columns = useMemo(() => ordersByColumn(board), [board]);
  const unopened = useMemo(() => (board.loaded ? unopenedOrders(board) : []), [board]);

  const [settings, setSettings] = useState<{ name: string; autoPrint: boolean }>({ name: '', autoPrint: false });
  useEffect(() => {
    let alive = true;
    loadPublicSettings()
      .then((list) => {
        if (alive) setSettings({ name: readSetting(list, 'contacts.name', ''), autoPrint: readSetting(list, 'orders.auto_print', false) });
      })
      .catch(() => undefined);
    return () => {
      alive = false;
    };
  }, []);

  const printers = usePrintersStatus();
  const attention = useAttention(unopened, settings.name, board.loaded, subscribeToPush);

  // The open order, and /opened called once per order and page.
  const [openId, setOpenId] = useState<number | null>(null);
  const openedCalls = useRef(new Set<number>());
  const open = useCallback((orderId: number) => {
    setOpenId(orderId);
    const order = useBoardStore.getState().board.orders[orderId];
    if (!order || order.opened_at !== null || openedCalls.current.has(orderId)) return;
    openedCalls.current.add(orderId);
    markOpened(orderId)
      .then((now) => useBoardStore.getState().order(now))
      .catch(() => openedCalls.current.delete(orderId));
  }, []);
  const openOrder = openId === null ? null : (board.orders[openId] ?? null);

  const [tab, setTab] = useState<BoardColumn>('new');

  // The ticket being printed (one at a time: a second « Imprimer » waits for the first).
  const [printing, setPrinting] = useState<number | null>(null);
  const print = useCallback((orderId: number) => setPrinting((current) => current ?? orderId), []);
  const printDone = useCallback(() => setPrinting(null), []);
  const printingOrder = printing === null ? null : (board.orders[printing] ?? null);

  return (
    <div className="space-y-3" data-testid="orders-board" data-ringing={String(attention.ringing)} data-loaded={String(board.loaded)}>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <div className="flex min-w-0 flex-wrap items-center gap-x-4 gap-y-1">
          <h1 className="text-2xl font-extrabold">{boardPage.heading}</h1>
          <PrinterChips status={printers} />
        </div>
        <div className="flex items-center gap-3 text-sm">
          <Link
            to="/restaurant/commandes/nouvelle"
            title={phoneOrderPage.newOrderHint}
            className="inline-flex items-center gap-1 rounded-full border border-black/15 bg-white px-4 py-2 font-bold shadow-sm hover:bg-black/5"
            data-testid="new-phone-order"
          >
            <Phone aria-hidden className="size-4" />
            {phoneOrderPage.newOrder}
          </Link>
          {syncedAt ? <span className="hidden text-ink/70 sm:inline">{boardPage.lastUpdate(clockTime(syncedAt))}</span> : null}
          {attention.serviceStarted ? (
            <span
              className="inline-flex items-center gap-1 rounded-full bg-emerald-100 px-3 py-1.5 font-semibold text-emerald-800"
              data-testid="service-started"
            >
              <BellRing aria-hidden className="size-4" />
              {boardPage.serviceStarted}
            </span>
          ) : (
            <button
              type="button"
              className="rounded-full bg-brand-600 px-4 py-2 font-bold text-white shadow-sm hover:bg-brand-700"
              onClick={() => void attention.startService()}
            >
              {boardPage.startService}
            </button>
          )}
        </div>
      </div>

      <PrinterAlarms status={printers} />

      <OrderingControls />

      {lost ? (
        <div role="status" className="flex items-start gap-2 rounded-xl bg-amber-100 p-3 font-semibold text-amber-900" data-testid="connection-lost">
          <WifiOff aria-hidden className="mt-0.5 size-5 shrink-0" />
          <p>
            {boardPage.connectionLost}
            {offline ? <span className="block text-sm font-normal">{boardPage.offlineHint}</span> : null}
          </p>
        </div>
      ) : null}
      {!attention.serviceStarted ? <p className="text-sm text-ink/70">{boardPage.serviceHint}</p> : null}
      {attention.soundBlocked ? (
        <p role="alert" className="rounded-xl bg-red-100 p-3 font-semibold text-red-800">
          {boardPage.soundBlocked}
        </p>
      ) : null}

      {!board.loaded ? (
        <p className="py-10 text-center text-ink/70">{boardPage.loading}</p>
      ) : (
        <>
          <nav className="grid grid-cols-4 gap-1 rounded-xl bg-white p-1 shadow-sm md:hidden" aria-label={boardPage.columnsNav} role="tablist">
            {boardColumns.map((column) => (
              <button
                key={column}
                type="button"
                role="tab"
                aria-selected={tab === column}
                className={`rounded-lg px-1 py-2 text-xs font-bold leading-tight ${tab === column ? 'bg-brand-600 text-white' : ''}`}
                onClick={() => setTab(column)}
                data-testid={`tab-${column}`}
              >
                {boardColumnLabels[column]} <span className="tabular-nums">({columns[column].length})</span>
              </button>
            ))}
          </nav>
          <div className="grid gap-3 md:grid-cols-4 md:gap-2 lg:gap-3">
            {boardColumns.map((column) => (
              <section
                key={column}
                className={`min-w-0 rounded-2xl bg-black/[0.04] p-2 ${tab === column ? '' : 'hidden md:block'}`}
                aria-labelledby={`column-${column}`}
                data-testid={`column-${column}`}
              >
                <h2 id={`column-${column}`} className="mb-2 flex items-center justify-between px-1 text-sm font-extrabold uppercase tracking-wide">
                  {boardColumnLabels[column]}
                  <span
                    className={`rounded-full px-2 py-0.5 tabular-nums ${column === 'new' && columns.new.length ? 'bg-red-600 text-white' : 'bg-white'}`}
                    data-testid={`count-${column}`}
                  >
                    {columns[column].length}
                  </span>
                </h2>
                <div className="space-y-2">
                  {columns[column].length === 0 ? <p className="px-1 py-4 text-center text-sm text-ink/65">{boardPage.emptyColumn}</p> : null}
                  {columns[column].map((order) => (
                    <OrderCard key={order.order_id} order={order} onOpen={open} />
                  ))}
                </div>
              </section>
            ))}
          </div>
        </>
      )}
      <OrderDialog
        order={openOrder}
        onClose={() => setOpenId(null)}
        autoPrint={settings.autoPrint}
        onPrint={print}
        printing={printing !== null}
        receiptPrinter={printers?.printers.find((printer) => printer.station === 'counter')?.name ?? null}
      />
      {printingOrder ? <TicketPrintHost order={printingOrder} onDone={printDone} /> : null}
    </div>
  );
}
