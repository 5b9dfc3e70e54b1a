import type { Logger } from '../../logger.ts';
import type { PaymentService } from './service.ts';

/**
 * Runs the reconciliation pass on start, then every `everyMs` (default one minute), a small batch
 * each time (docs/decisions/007, Reliability). Passes never overlap in one process; across instances each
 * intent is asked about at most once a minute (payments.checked_at). With `refunds`, each pass
 * also asks again for refunds left pending (idempotent: never refunded twice). @returns a stopper.
 */
export function startReconciler(
  payments: PaymentService,
  logger: Logger,
  options: {
    everyMs?: number;
    limit?: number;
    refunds?: { retryPendingRefunds(limit?: number): Promise<number> };
    /** Card payment links whose payment was not heard of (docs/decisions/038). */
    links?: { reconcileOpenLinks(limit?: number): Promise<number> };
  } = {},
): () => Promise<void> {
  let running: Promise<void> | undefined;
  const pass = () => {
    running ??= payments
      .reconcile({ limit: options.limit ?? 20 })
      .then(({ checked, paid }) => {
        if (paid) logger.info({ checked, paid }, 'rapprochement : commandes payées retrouvées');
      })
      // Refunds left pending by a crash or an unreachable provider (docs/decisions/019, modules/board/service.ts).
      .then(async () => {
        const asked = (await options.refunds?.retryPendingRefunds(options.limit ?? 20)) ?? 0;
        if (asked) logger.info({ asked }, 'rapprochement : remboursements en attente relancés');
      })
      .then(async () => {
        const found = (await options.links?.reconcileOpenLinks(options.limit ?? 20)) ?? 0;
        if (found) logger.info({ found }, 'rapprochement : liens de paiement réglés retrouvés');
      })
      .catch((error: unknown) => logger.warn({ err: error }, 'rapprochement impossible'))
      .finally(() => {
        running = undefined;
      });
  };
  pass();
  const timer = setInterval(pass, options.everyMs ?? 60_000);
  timer.unref();
  return async () => {
    clearInterval(timer);
    await running;
  };
}
