import { useState } from 'react';
import { Check, Clock, CreditCard, Phone, Undo2, XCircle } from 'lucide-react';
import type { TrackingView } from '@resto/contract/board';
import { trackingPage as t } from '@resto/copy/storefront/tracking';
import { trackingDisplay, type StepperItem, type TrackingDisplay } from './tracking-display.ts';
import { useLiveTracking } from './use-live-tracking.ts';
import { buttonClass } from '../../components/ui/button.tsx';

const toneClasses: Record<TrackingDisplay['tone'], string> = {
  progress: 'bg-white text-brand-700 ring-brand-100',
  done: 'bg-emerald-50 text-emerald-800 ring-emerald-200',
  refused: 'bg-red-50 text-red-800 ring-red-200',
  waiting: 'bg-amber-50 text-amber-900 ring-amber-200',
};

/**
 * The customer's status page (docs/decisions/019), phone first: the order number, the stepper
 * reçue → acceptée → prête → terminée (or the refusal with its reason and refund), the slot, the
 * lines, the total, the payment and the restaurant's phone. Live (`useLiveTracking`); a polite
 * live region says each change aloud.
 */
export function TrackingPage({ secret, initial }: { secret: string; initial: TrackingView }) {
  const view = useLiveTracking(secret, initial);
  const display = trackingDisplay(view);
  const announcement = useAnnouncement(display.announcement);
  return (
    <div className="mx-auto max-w-xl px-4 py-6 sm:py-10" data-testid="tracking" data-step={view.step} data-status={view.status}>
      <p className="text-sm font-semibold uppercase tracking-wide text-ink/70">{t.heading}</p>
      <h1 className="text-3xl font-extrabold" data-testid="tracking-order-number">
        {t.orderNumber(view.order_id)}
      </h1>
      <p className="mt-1 text-ink/70">
        {display.mode} · {display.schedule}
      </p>

      <section className={`mt-5 rounded-3xl p-5 ring-1 ${toneClasses[display.tone]}`} aria-labelledby="tracking-title">
        <div className="flex items-start gap-3">
          <StatusIcon tone={display.tone} />
          <div>
            <h2 id="tracking-title" className="text-xl font-extrabold" data-testid="tracking-title">
              {display.title}
            </h2>
            {display.readyAround ? (
              <p className="text-2xl font-extrabold tabular-nums" data-testid="tracking-ready-at">
                {display.readyAround}
              </p>
            ) : null}
            <p className="mt-1">{display.detail}</p>
            {display.reason ? (
              <p className="mt-2 font-semibold" data-testid="tracking-reason">
                {display.reason}
              </p>
            ) : null}
            {display.refund ? (
              <p className="mt-2 font-semibold" data-testid="tracking-refund">
                {display.refund}
              </p>
            ) : null}
          </div>
        </div>
        {display.steps ? <Stepper steps={display.steps} /> : null}
      </section>

      {display.partialRefunds.length ? (
        <section className="mt-5 rounded-3xl bg-white p-5 shadow-sm" aria-labelledby="tracking-refunds-title" data-testid="tracking-refunds">
          <h2 id="tracking-refunds-title" className="flex items-center gap-2 text-lg font-extrabold">
            <Undo2 size={20} aria-hidden />
            {t.partialRefundsTitle}
          </h2>
          <ul className="mt-2 divide-y divide-black/5 text-sm">
            {display.partialRefunds.map((row, index) => (
              <li key={index} className="py-2" data-testid="tracking-refund-item" data-pending={String(row.pending)}>
                <p className="flex justify-between gap-3 font-semibold">
                  <span>{row.title}</span>
                  {row.pending ? <span className="tabular-nums">{row.amount}</span> : null}
                </p>
                <p className="text-ink/70">{row.reason}</p>
                {row.lines.length ? (
                  <ul className="mt-1 text-ink/70">
                    {row.lines.map((line, n) => (
                      <li key={n}>{line}</li>
                    ))}
                  </ul>
                ) : null}
              </li>
            ))}
          </ul>
          {display.refundedOf ? (
            <p className="mt-2 border-t border-black/10 pt-3 text-base font-bold tabular-nums" data-testid="tracking-refunded">
              {display.refundedOf}
            </p>
          ) : null}
        </section>
      ) : null}

      <p className="sr-only" role="status" aria-live="polite" data-testid="tracking-live">
        {announcement}
      </p>

      <section className="mt-5 rounded-3xl bg-white p-5 shadow-sm" aria-label={t.lines}>
        {display.changed ? (
          <p className="mb-2 rounded-xl bg-amber-50 px-3 py-2 text-sm font-semibold text-amber-900" data-testid="tracking-changed">
            {display.changed}
          </p>
        ) : null}
        <ul className="divide-y divide-black/5 text-sm">
          {view.items.map((item, index) => (
            <li key={index} className="py-2" data-testid="tracking-line">
              <span className="font-semibold">
                {item.quantity} × {item.item_name}
              </span>
              {item.options.length ? <span className="block text-xs text-ink/70">{item.options.join(', ')}</span> : null}
            </li>
          ))}
        </ul>
        <dl className="mt-2 space-y-1 border-t border-black/10 pt-3 text-sm">
          <div className="flex justify-between gap-3 text-base font-bold">
            <dt>{t.total}</dt>
            <dd className="tabular-nums" data-testid="tracking-total">
              {display.total}
            </dd>
          </div>
          <div className="flex justify-between gap-3">
            <dt className="flex items-center gap-1.5">
              <CreditCard size={16} aria-hidden />
              {t.payment}
            </dt>
            <dd className="text-right font-semibold" data-testid="tracking-payment">
              {display.payment}
            </dd>
          </div>
        </dl>
      </section>

      {view.restaurant_phone ? (
        <section className="mt-5 text-center">
          <p className="text-sm text-ink/70">{t.question}</p>
          <a
            href={`tel:${view.restaurant_phone.replace(/[^+\d]/g, '')}`}
            className={buttonClass('primary', 'mt-1 inline-flex min-h-12 items-center gap-2 whitespace-nowrap px-5 py-3')}
            data-testid="tracking-call"
          >
            <Phone size={18} aria-hidden />
            {t.call(view.restaurant_phone)}
          </a>
        </section>
      ) : null}
      <p className="mt-6 text-center text-xs text-ink/65">{t.liveHint}</p>
    </div>
  );
}

function StatusIcon({ tone }: { tone: TrackingDisplay['tone'] }) {
  const Icon = tone === 'refused' ? XCircle : tone === 'done' ? Check : Clock;
  return <Icon size={32} className="mt-0.5 shrink-0" aria-hidden />;
}

const stateText = { done: t.doneStep, current: t.currentStep, upcoming: t.nextStep } as const;

/** Reçue → Acceptée → Prête → Terminée: done steps filled, the current one ringed. */
function Stepper({ steps }: { steps: StepperItem[] }) {
  return (
    <ol className="mt-5 grid grid-cols-4 gap-1" aria-label={t.stepsLabel} data-testid="tracking-stepper">
      {steps.map((item, index) => (
        <li
          key={item.step}
          className="flex flex-col items-center text-center"
          data-testid={`tracking-step-${item.step}`}
          data-state={item.state}
          aria-current={item.state === 'current' ? 'step' : undefined}
        >
          <span className="flex w-full items-center">
            <span className={`h-1 flex-1 rounded ${index === 0 ? 'invisible' : item.state === 'upcoming' ? 'bg-black/10' : 'bg-current'}`} />
            <span
              className={`flex h-8 w-8 items-center justify-center rounded-full text-sm font-bold ${
                item.state === 'done' ? 'bg-current' : item.state === 'current' ? 'bg-white ring-4 ring-current' : 'bg-white text-ink/65 ring-1 ring-black/15'
              }`}
            >
              {item.state === 'done' ? <Check size={16} className="text-white" aria-hidden /> : index + 1}
            </span>
            <span
              className={`h-1 flex-1 rounded ${index === steps.length - 1 ? 'invisible' : steps[index + 1]?.state === 'upcoming' ? 'bg-black/10' : 'bg-current'}`}
            />
          </span>
          <span className={`mt-1 text-xs font-semibold sm:text-sm ${item.state === 'upcoming' ? 'text-ink/65' : ''}`}>
            {item.label}
            <span className="sr-only"> ({stateText[item.state]})</span>
          </span>
        </li>
      ))}
    </ol>
  );
}

/**
 * The live region's text: empty at first (the page itself says the status), then the new status
 * each time it changes, so a screen reader says it without the person looking for it.
 */
function useAnnouncement(text: string): string {
  const [first] = useState(text);
  const [changed, setChanged] = useState(false);
  // Set while rendering (React's pattern for state derived from a change), not in an effect.
  if (!changed && text !== first) setChanged(true);
  return changed || text !== first ? text : '';
}
