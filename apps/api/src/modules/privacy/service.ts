import { readGuestRetentionMonths, retentionCutoff } from '@resto/domain/personal-data';
import type { Database } from '../../db/client.ts';
import type { Logger } from '../../logger.ts';
import type { CatalogService } from '../catalog/index.ts';
import { eraseForgottenCustomers } from '../customers/index.ts';
import * as repository from './repository.ts';

/** How often the retention job runs after its first pass at start: every hour. */
const retentionIntervalMs = 60 * 60_000;

/**
 * Personal data housekeeping (docs/decisions/012): guest orders older than
 * `privacy.guest_data_retention_months` (36 by default) lose their customer's personal data.
 */
export class PrivacyService {
  constructor(
    private readonly db: Database,
    private readonly catalog: CatalogService,
    private readonly clock: () => Date,
    private readonly logger: Logger,
  ) {}

  /**
   * One pass of the retention job at the app's clock; then the notes and marks of customers no
   * order of whom holds personal data any more are erased (docs/decisions/037).
   * @returns the number of orders anonymised, the cutoff used (orders created before it) and the customer records erased.
   */
  async anonymiseExpiredGuestData(): Promise<{ anonymised: number; cutoff: Date; customersErased: number }> {
    const now = this.clock();
    const { settings } = await this.catalog.getCatalog();
    const cutoff = retentionCutoff(now, readGuestRetentionMonths(settings));
    const anonymised = await repository.anonymiseGuestOrders(this.db, cutoff, now);
    if (anonymised > 0) this.logger.info({ anonymised, cutoff: cutoff.toISOString() }, 'commandes invitées anonymisées (durée de conservation dépassée)');
    const customersErased = await eraseForgottenCustomers(this.db);
    if (customersErased > 0) this.logger.info({ customersErased }, 'notes et signalements de clients oubliés effacés');
    return { anonymised, cutoff, customersErased };
  }

  /**
   * Runs the job now, then every `intervalMs`; failures are logged, never thrown.
   * @returns a function stopping the timer.
   */
  start(intervalMs = retentionIntervalMs): () => void {
    const run = () =>
      void this.anonymiseExpiredGuestData().catch((error: unknown) => this.logger.warn({ err: String(error) }, 'anonymisation des commandes impossible'));
    const timer = setInterval(run, intervalMs);
    timer.unref();
    run();
    return () => clearInterval(timer);
  }
}
