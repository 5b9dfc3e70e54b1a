import { and, asc, eq, gt, max } from 'drizzle-orm';
import type { Database, DatabaseHandle } from '../../db/client.ts';
import { orderEvents } from '../../db/schema.ts';
import { ApiError } from '../../http/errors.ts';
import type { Logger } from '../../logger.ts';
import { orderEventsChannel, type OrderEventRow } from '../orders/index.ts';

/** How a process listens to a channel: DatabaseHandle's `listen` (db/client.ts). */
export type Listen = DatabaseHandle['listen'];

/** Rows read per query, live or on a replay. */
const batchSize = 500;

/** Events kept in memory for streams a little behind (a burst, a slow client); older ones come from the table. */
const bufferSize = 2000;

export interface HubOptions {
  /**
   * Re-reads the table this often (ms) even without a notification: a safety net, never the way
   * events normally arrive (LISTEN/NOTIFY is). Default 10 s.
   */
  pollMs?: number;
}

/** A stream's wish: every event with id > `after` (of `orderId` only, when given), in id order, then live ones. */
export interface SubscribeOptions {
  after: number;
  orderId?: number;
  /** Sends events to the client; called one batch at a time, never twice at once. A throw ends the subscription. */
  deliver: (events: OrderEventRow[]) => Promise<void>;
  /** Called once when the hub closes (graceful shutdown) or `deliver` failed: the stream must end. */
  onClose: () => void;
}

interface Subscriber extends SubscribeOptions {
  /** The last event id this stream has been given (or skipped as not its order's). */
  cursor: number;
  /** Not yet read from the table once: the first pump reads it whatever the hub has seen. */
  fresh: boolean;
  pumping: boolean;
  again: boolean;
  closed: boolean;
}

/**
 * The per-process hub of order events (docs/decisions/021-live-events.md). It
 * listens on `order_events` (appendOrderEvent notifies each committed event's id), reads the new
 * rows from the table in id order (one query per burst, not per notification) and fans them out
 * to the subscribed streams. Nothing lives only here: every stream has its own cursor and reads
 * whatever it lacks from the table, so a stream resuming on another instance, or after this
 * hub's LISTEN connection was lost, gets the same events. Ids are taken in commit order
 * (orders/events.ts), so "every id above N" never skips an event committed later.
 *
 * Started lazily by the first subscription; `close()` ends every stream (graceful shutdown).
 */
export class RealtimeHub {
  /** The last event id the hub has read (every event up to it is in the table, committed). */
  private lastId = 0;
  /** Events read by the hub, contiguous, ending at `lastId`; `bufferFrom` is the id just before the first. */
  private buffer: OrderEventRow[] = [];
  private bufferFrom = 0;
  private readonly subscribers = new Set<Subscriber>();
  private started: Promise<void> | undefined;
  private ready = false;
  private reading = false;
  private readAgain = false;
  private closed = false;
  private stopListening: (() => Promise<void>) | undefined;
  private poll: ReturnType<typeof setInterval> | undefined;

  constructor(
    private readonly db: Database,
    private readonly listen: Listen | undefined,
    private readonly logger: Logger,
    private readonly options: HubOptions = {},
  ) {}

  /** Streams open now. */
  get streams(): number {
    return this.subscribers.size;
  }

  /** The highest event id in the table now (0 when none): where a stream with nothing to resume starts. */
  async latestId(): Promise<number> {
    const rows = await this.db.select({ id: max(orderEvents.id) }).from(orderEvents);
    return rows[0]?.id ?? 0;
  }

  /**
   * Subscribes a stream. @returns its unsubscribe function. @throws ApiError server_stopping
   * once the hub is closed.
   */
  async subscribe(options: SubscribeOptions): Promise<() => void> {
    if (this.closed) throw stopping();
    await this.start();
    if (this.closed) {
      // Closed while starting: the stream ends as every other did.
      options.onClose();
      return () => undefined;
    }
    const subscriber: Subscriber = { ...options, cursor: options.after, fresh: true, pumping: false, again: false, closed: false };
    this.subscribers.add(subscriber);
    void this.pump(subscriber);
    return () => {
      subscriber.closed = true;
      this.subscribers.delete(subscriber);
    };
  }

  /** Ends every stream and stops listening; later subscriptions are refused. */
  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    if (this.poll) clearInterval(this.poll);
    for (const subscriber of this.subscribers) this.end(subscriber);
    await this.started?.catch(() => undefined);
    await this.stopListening?.();
  }

  private start(): Promise<void> {
    this.started ??= (async () => {
      const read = () => void this.readNew();
      if (this.listen) this.stopListening = await this.listen(orderEventsChannel, read, read);
      // Listening first, then the current end: an event committed in between is notified, and read.
      this.lastId = await this.latestId();
      this.bufferFrom = this.lastId;
      this.ready = true;
      this.poll = setInterval(read, this.options.pollMs ?? 10_000);
      this.poll.unref();
      if (this.closed) await this.close();
    })();
    this.started.catch(() => (this.started = undefined));
    return this.started;
  }

  /** Reads every event after `lastId`, in batches, and wakes the streams; one reader at a time, a notification during a read reads again. */
  private async readNew(): Promise<void> {
    if (!this.ready || this.closed) return;
    if (this.reading) {
      this.readAgain = true;
      return;
    }
    this.reading = true;
    try {
      let more = true;
      while (more && !this.closed) {
        this.readAgain = false;
        const rows = await this.db.select().from(orderEvents).where(gt(orderEvents.id, this.lastId)).orderBy(asc(orderEvents.id)).limit(batchSize);
        if (rows.length > 0) {
          this.buffer.push(...rows);
          this.lastId = rows.at(-1)!.id;
          if (this.buffer.length > bufferSize) {
            const dropped = this.buffer.splice(0, this.buffer.length - bufferSize);
            this.bufferFrom = dropped.at(-1)!.id;
          }
          for (const subscriber of this.subscribers) void this.pump(subscriber);
        }
        more = rows.length === batchSize || this.readAgain;
      }
    } catch (error) {
      this.logger.warn({ err: error }, 'lecture des événements de commande impossible');
    } finally {
      this.reading = false;
    }
  }

  /** Gives `subscriber` every event after its cursor: from the hub's buffer when it covers them, else from the table. */
  private async pump(subscriber: Subscriber): Promise<void> {
    if (subscriber.pumping) {
      subscriber.again = true;
      return;
    }
    subscriber.pumping = true;
    try {
      let more = true;
      while (more && !subscriber.closed) {
        subscriber.again = false;
        more = false;
        const known = this.lastId;
        let events: OrderEventRow[];
        if (!subscriber.fresh && subscriber.cursor >= known) break;
        if (!subscriber.fresh && this.bufferFrom <= subscriber.cursor) {
          events = this.buffer.filter((event) => event.id > subscriber.cursor);
          subscriber.cursor = known;
        } else {
          subscriber.fresh = false;
          const after = gt(orderEvents.id, subscriber.cursor);
          const rows = await this.db
            .select()
            .from(orderEvents)
            .where(subscriber.orderId === undefined ? after : and(after, eq(orderEvents.orderId, subscriber.orderId)))
            .orderBy(asc(orderEvents.id))
            .limit(batchSize);
          events = rows;
          // Every event up to `known` was committed before this query began: it saw them all.
          subscriber.cursor = rows.length === batchSize ? rows.at(-1)!.id : Math.max(rows.at(-1)?.id ?? 0, known, subscriber.cursor);
          more = rows.length === batchSize;
        }
        const mine = subscriber.orderId === undefined ? events : events.filter((event) => event.orderId === subscriber.orderId);
        if (mine.length > 0 && !subscriber.closed) await subscriber.deliver(mine);
        more ||= subscriber.again;
      }
    } catch (error) {
      this.logger.warn({ err: error }, 'flux d’événements interrompu');
      this.end(subscriber);
    } finally {
      subscriber.pumping = false;
    }
  }

  /** @throws ApiError server_stopping when closed: call before answering a stream. */
  refuseWhenClosed(): void {
    if (this.closed) throw stopping();
  }

  private end(subscriber: Subscriber): void {
    if (subscriber.closed) return;
    subscriber.closed = true;
    this.subscribers.delete(subscriber);
    subscriber.onClose();
  }
}

const stopping = () => new ApiError('server_stopping', 'Le serveur redémarre : reconnectez-vous dans quelques secondes.');
