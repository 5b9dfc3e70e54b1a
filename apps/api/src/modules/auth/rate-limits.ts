import { calculateBackoffWaitSeconds, calculateRetryMinutes, isBackoffIdle, type Backoff, type RateLimit } from '@resto/domain/account';
import { accountAnswers } from '@resto/copy/storefront/account';
import type { Database } from '../../db/client.ts';
import { ApiError } from '../../http/errors.ts';
import type { CounterHit } from '../../db/counters-sql.ts';
import * as repository from './repository.ts';

/** Counters to hit in a statement of the caller's (RateLimiter.planHits). */
export interface PlannedHits {
  now: Date;
  counters: CounterHit[];
  /** Given the counters counted (fewer than asked when one went over), @throws the 429 of the one over, if any. */
  settle(counted: readonly { count: number; windowStart: Date }[]): void;
}

/**
 * Rate limits kept in the database (docs/decisions/006: several API instances share them). A key is the
 * limit's name and its subject ('login-ip:203.0.113.7'); going over answers 429 in French with
 * Retry-After.
 */
export class RateLimiter {
  constructor(
    private readonly db: Database,
    private readonly clock: () => Date,
  ) {}

  private key(limit: RateLimit | Backoff, subject: string) {
    return `${limit.name}:${subject}`;
  }

  /** Counts one event; @throws ApiError 429 when it goes over the limit. */
  async hit(limit: RateLimit, subject: string, message?: string): Promise<void> {
    const now = this.clock();
    const { count, windowStart } = await repository.hitCounter(this.db, this.key(limit, subject), limit.windowSeconds, now);
    if (count > limit.max) throw tooMany(windowStart, limit, now, message);
  }

  /**
   * Counts one event under each of `hits` in order, in one statement (repository.hitCounters): as
   * `hit` one after the other, the first limit gone over refuses and the ones after it count nothing.
   * @throws ApiError 429 with that limit's retry time (`message`, when given, as its text).
   */
  async hitAll(hits: readonly { limit: RateLimit; subject: string; message?: string }[]): Promise<void> {
    const planned = this.planHits(hits);
    planned.settle(await repository.hitCounters(this.db, planned.counters, planned.now));
  }

  /**
   * `hitAll` for a caller that runs the counting statement itself, inside one of its own
   * (repository.counterHitsSql; the order's first read, docs/decisions/025-order-creation-cost.md):
   * the counters to hit, the instant, and `settle`, given what was counted, which throws as `hitAll`.
   */
  planHits(hits: readonly { limit: RateLimit; subject: string; message?: string }[]): PlannedHits {
    const now = this.clock();
    return {
      now,
      counters: hits.map(({ limit, subject }) => ({ key: this.key(limit, subject), windowSeconds: limit.windowSeconds, max: limit.max })),
      settle: (counted) =>
        counted.forEach(({ count, windowStart }, index) => {
          const { limit, message } = hits[index]!;
          if (count > limit.max) throw tooMany(windowStart, limit, now, message);
        }),
    };
  }

  /** @throws ApiError 429 when the limit is already reached (counts nothing). */
  async check(limit: RateLimit, subject: string, message?: string): Promise<void> {
    const now = this.clock();
    const { count, windowStart } = await repository.readCounter(this.db, this.key(limit, subject), limit.windowSeconds, now);
    if (count >= limit.max) throw tooMany(windowStart, limit, now, message);
  }

  /** Counts one event without refusing (a failure that the next check will see). */
  async count(limit: RateLimit, subject: string): Promise<number> {
    return (await repository.hitCounter(this.db, this.key(limit, subject), limit.windowSeconds, this.clock())).count;
  }

  async reset(limit: RateLimit | Backoff, subject: string): Promise<void> {
    await repository.resetCounter(this.db, this.key(limit, subject));
  }

  /**
   * Claims one try of a back-off (docs/decisions/014) for `subject` before the caller checks a password or a
   * code: counted first, so that concurrent tries cannot share one slot; `reset` after a success.
   * @throws TooManyRequestsError (429, French, Retry-After in seconds) while the subject must wait.
   */
  async claimTry(policy: Backoff, subject: string): Promise<void> {
    const key = this.key(policy, subject);
    // A lost compare-and-set means another try of this subject was counted meanwhile: read again.
    for (let round = 0; round < 5; round++) {
      const now = this.clock();
      const state = await repository.readBackoff(this.db, key);
      const wait = calculateBackoffWaitSeconds(state ?? null, policy, now);
      if (wait > 0) throw new TooManyRequestsError(accountAnswers.tooManyAttemptsWait(wait), wait);
      if (await repository.claimBackoffTry(this.db, key, state, state ? isBackoffIdle(state, policy, now) : false, now)) return;
    }
    throw new TooManyRequestsError(accountAnswers.tooManyAttemptsWait(1), 1);
  }
}

/** A 429 with the minutes to wait, and Retry-After in seconds. */
export class TooManyRequestsError extends ApiError {
  constructor(
    message: string,
    readonly retryAfterSeconds: number,
  ) {
    super('rate_limited', message);
    this.headers = { 'Retry-After': String(retryAfterSeconds) };
  }
}

function tooMany(windowStart: Date, limit: RateLimit, now: Date, message?: string) {
  const minutes = calculateRetryMinutes(windowStart, limit, now);
  return new TooManyRequestsError(message ?? accountAnswers.tooManyAttempts(minutes), minutes * 60);
}
