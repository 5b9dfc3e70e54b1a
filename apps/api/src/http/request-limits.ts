import type { RateLimit } from '@resto/domain/account';
import { orderAnswers } from '@resto/copy/errors/orders';
import { requestErrors } from '@resto/copy/errors/request';
import { requestLimits, scaleLimit } from '@resto/domain/request-limits';
import type { Database } from '../db/client.ts';
import { RateLimiter, TooManyRequestsError, type PlannedHits } from '../modules/auth/rate-limits.ts';

/**
 * The request limits of docs/decisions/014 (and docs/decisions/009) on order creation, stripe-customer,
 * stripe-payment-intent and address search, counted in the database (RateLimiter, shared by
 * every API instance) on real time whatever the app's clock. Over a limit: 429 in French with
 * Retry-After. `factor` multiplies every maximum (RATE_LIMIT_FACTOR).
 */
export class RequestLimits {
  private readonly limiter: RateLimiter;
  private readonly limits: Record<keyof typeof requestLimits, RateLimit>;

  constructor(db: Database, factor = 1) {
    this.limiter = new RateLimiter(db, () => new Date());
    this.limits = Object.fromEntries(Object.entries(requestLimits).map(([key, limit]) => [key, scaleLimit(limit, factor)])) as typeof this.limits;
  }

  private async hit(limit: RateLimit, subject: string, message: (minutes: number) => string) {
    await this.hitAll([{ limit, subject }], message);
  }

  /** `hit` for several limits in one statement (RateLimiter.hitAll): the first one over refuses. */
  private async hitAll(hits: readonly { limit: RateLimit; subject: string }[], message: (minutes: number) => string) {
    try {
      await this.limiter.hitAll(hits);
    } catch (error) {
      throw worded(error, message);
    }
  }

  /**
   * A new order's limits (not a retry of a local_id), per address then per customer e-mail, for the
   * order's first statement to count (orders/repository.ts readBeforeOrder, only when the local_id
   * is new; docs/decisions/025-order-creation-cost.md). `settle` @throws 429 (tooManyOrders).
   */
  order(ip: string, email: string): PlannedHits {
    const planned = this.limiter.planHits([
      { limit: this.limits.orderPerIp, subject: ip },
      { limit: this.limits.orderPerEmail, subject: email.trim().toLowerCase() },
    ]);
    return {
      ...planned,
      settle: (counted) => {
        try {
          planned.settle(counted);
        } catch (error) {
          throw worded(error, orderAnswers.tooManyOrders);
        }
      },
    };
  }

  /** POST stripe-customer: per address and per e-mail. @throws 429. */
  async customer(ip: string, email: string): Promise<void> {
    await this.hit(this.limits.customerPerIp, ip, requestErrors.tooManyRequests);
    await this.hit(this.limits.customerPerEmail, email.trim().toLowerCase(), requestErrors.tooManyRequests);
  }

  /** POST stripe-payment-intent: per address. @throws 429. */
  async intent(ip: string): Promise<void> {
    await this.hit(this.limits.intentPerIp, ip, requestErrors.tooManyRequests);
  }

  /** GET locations/ and locations/distance: per address. @throws 429. */
  async locations(ip: string): Promise<void> {
    await this.hit(this.limits.locationsPerIp, ip, requestErrors.tooManyRequests);
  }
}

/** A 429 of the limiter in this request's words (`message` of the minutes to wait); any other error as is. */
function worded(error: unknown, message: (minutes: number) => string): unknown {
  if (!(error instanceof TooManyRequestsError)) return error;
  const minutes = Math.max(1, Math.ceil(error.retryAfterSeconds / 60));
  return new TooManyRequestsError(message(minutes), error.retryAfterSeconds);
}
