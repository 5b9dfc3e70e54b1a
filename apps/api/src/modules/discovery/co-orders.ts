import { sql } from 'drizzle-orm';
import { queryRows, type Database } from '../../db/client.ts';
import { notHappened } from './repository.ts';

/**
 * The co-occurrence counts of recommendations (table `co_orders`; docs/decisions/004), kept by a fold over
 * `order_events` outside the order's transaction: nothing is added to the order's write path.
 *
 * Why events: an order's id is taken from a sequence, so a fold reading `orders` past a watermark
 * could pass over an order committed after a larger id; `order_events` ids are taken under the
 * 'order_event' counter's row lock, so they become visible in commit order (orders/events.ts) and
 * "every event after N" misses nothing. Every order has events: its first ('placed', or its first
 * status in the demo history and in migration 0011) and one per status change.
 *
 * One fold step, in one transaction under a transaction-scoped advisory lock (two instances on one
 * PostgreSQL take turns; PGlite has one connection): read the watermark, take the next events
 * (at most `batchEvents`), and for each order they touch compare whether it counted before them
 * (its last status at or before the watermark, neither rejected nor cancelled) and after them;
 * an order that starts counting adds 1 to every pair of its distinct non-free dishes, one that
 * stops subtracts 1; and its units (non-free lines) are added to, or taken from,
 * `item_units_by_day` (the popular dishes). Then the watermark moves to the last event read. A retried or concurrent step
 * reads the moved watermark: nothing is counted twice.
 */

/** The `event_folds` row of this fold. */
const foldName = 'co_orders';
/** The advisory lock key of this fold (hashtext of it, like db/client.ts's setup lock). */
const lockKey = 'restaurant-ordering:co-orders-fold';

/**
 * Events one fold step reads at most: about 0.2 s of PGlite (a busy machine's) for the ~450
 * orders they touch in the demo history; other requests wait that long during a first catch-up.
 */
const defaultBatchEvents = 2000;

/** What one fold step did. */
export interface FoldStep {
  /** Whether this step ran: false when another instance held the lock (`wait: false`). */
  ran: boolean;
  /** Events read (0: nothing new). */
  events: number;
  /** The watermark after the step: the id of the last event counted. */
  lastEventId: number;
}

/**
 * One fold step (see the file's comment). `wait: false`: when another connection is folding,
 * return at once without folding (`ran: false`; the request path never waits on another
 * instance). @throws on a database error (the step's transaction rolls back: nothing counted).
 */
export async function foldCoOrders(db: Database, options: { batchEvents?: number; wait?: boolean } = {}): Promise<FoldStep> {
  const batchEvents = options.batchEvents ?? defaultBatchEvents;
  return db.transaction(async (tx) => {
    if (options.wait === false) {
      const [lock] = await queryRows<{ locked: boolean }>(tx, sql`select pg_try_advisory_xact_lock(hashtext(${lockKey})) as locked`);
      if (!lock?.locked) return { ran: false, events: 0, lastEventId: await readWatermark(tx) };
    } else await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${lockKey}))`);
    // Read after the lock: under READ COMMITTED this statement sees the previous holder's commit.
    const from = await readWatermark(tx);
    const [range] = await queryRows<{ last: number | null; events: number }>(
      tx,
      sql`select max(id) as last, count(*)::int as events from (select id from order_events where id > ${from} order by id limit ${batchEvents}) next`,
    );
    if (range?.last == null) return { ran: true, events: 0, lastEventId: from };
    const to = Number(range.last);
    await tx.execute(sql`
      with touched as (
        select distinct order_id from order_events where id > ${from} and id <= ${to} and to_status is not null
      ), moved as (
        select t.order_id,
          coalesce((select e.to_status not in ${notHappened} from order_events e
                    where e.order_id = t.order_id and e.id <= ${to} and e.to_status is not null order by e.id desc limit 1), false)::int
          - coalesce((select e.to_status not in ${notHappened} from order_events e
                    where e.order_id = t.order_id and e.id <= ${from} and e.to_status is not null order by e.id desc limit 1), false)::int as delta
        from touched t
      ), units as (
        insert into item_units_by_day (day, item_id, units)
        select (o.created_at at time zone 'UTC')::date, l.item_id, sum(m.delta * l.quantity)::int
        from moved m join orders o on o.order_id = m.order_id join order_lines l on l.order_id = m.order_id
        where m.delta <> 0 and not l.is_free
        group by 1, 2
        having sum(m.delta * l.quantity) <> 0
        on conflict (day, item_id) do update set units = item_units_by_day.units + excluded.units
      ), dishes as (
        select distinct l.order_id, l.item_id, m.delta
        from moved m join order_lines l on l.order_id = m.order_id
        where m.delta <> 0 and not l.is_free
      )
      insert into co_orders (item_id, other_item_id, orders)
      select a.item_id, b.item_id, sum(a.delta)::int
      from dishes a join dishes b on b.order_id = a.order_id and b.item_id <> a.item_id
      group by a.item_id, b.item_id
      having sum(a.delta) <> 0
      on conflict (item_id, other_item_id) do update set orders = co_orders.orders + excluded.orders`);
    await tx.execute(sql`update event_folds set last_event_id = ${to}, folded_at = now() where name = ${foldName}`);
    return { ran: true, events: Number(range.events), lastEventId: to };
  });
}

/** The fold's watermark, its row created (at 0) on the first call. */
async function readWatermark(tx: Database): Promise<number> {
  const select = sql`select last_event_id from event_folds where name = ${foldName}`;
  let [row] = await queryRows<{ last_event_id: number }>(tx, select);
  if (!row) {
    await tx.execute(sql`insert into event_folds (name, last_event_id) values (${foldName}, 0) on conflict (name) do nothing`);
    [row] = await queryRows<{ last_event_id: number }>(tx, select);
  }
  return Number(row!.last_event_id);
}

/**
 * The counts of `itemIds`' pairs: for each of these dishes, the dishes bought with it and in how
 * many orders, [otherItemId, orders] (pairs at 0 left out). @returns a map by item id; a dish
 * never bought with another is absent.
 */
export async function findPartners(db: Database, itemIds: readonly number[]): Promise<Map<number, [number, number][]>> {
  const partners = new Map<number, [number, number][]>();
  if (itemIds.length === 0) return partners;
  const ids = sql.join(
    itemIds.map((id) => sql`${id}`),
    sql`, `,
  );
  const rows = await queryRows<{ item_id: number; other_item_id: number; orders: number }>(
    db,
    sql`select item_id, other_item_id, orders from co_orders where item_id in (${ids}) and orders > 0`,
  );
  for (const row of rows) {
    const itemId = Number(row.item_id);
    let list = partners.get(itemId);
    if (!list) partners.set(itemId, (list = []));
    list.push([Number(row.other_item_id), Number(row.orders)]);
  }
  return partners;
}

/** How often the server's timer folds new events (start()). */
const timerMs = 5000;
/** A request folds first when no fold step ran in this process for this long. */
const defaultFreshMs = 1000;

/**
 * The fold of one process (see `foldCoOrders`): one step at a time in this process, shared by
 * whoever asks meanwhile; a timer (start(), every 5 s) folding until nothing is left, which also
 * folds the whole history at the first start, batch after batch; and `fresh()` before answering.
 */
export class CoOrderFold {
  private stepInFlight: Promise<FoldStep> | undefined;
  private catchingUp: Promise<void> | undefined;
  private timer: ReturnType<typeof setInterval> | undefined;
  private stopped = false;
  /** performance.now() when the last step that ran started, and the watermark it left. */
  private checkedAt = -Infinity;
  private lastEventId = 0;
  private readonly freshMs: number;
  private readonly batchEvents: number | undefined;

  /**
   * @param onError told of a failed step (the timer's, or a request's, which then answers from
   *   the counts as they are); default: none.
   * @param options.freshMs how old the last step may be before a request folds first (default 1 s).
   * @param options.batchEvents events one step reads at most (default 2,000).
   */
  constructor(
    private readonly db: Database,
    private readonly onError: (error: unknown) => void = () => {},
    options: { freshMs?: number; batchEvents?: number } = {},
  ) {
    this.freshMs = options.freshMs ?? defaultFreshMs;
    this.batchEvents = options.batchEvents;
  }

  /**
   * One fold step, or the one in flight in this process. `wait: false` (requests): when another
   * instance is folding, do not wait for it. @throws the step's database error.
   */
  step(wait = true): Promise<FoldStep> {
    if (this.stepInFlight) return this.stepInFlight;
    const started = performance.now();
    const step = foldCoOrders(this.db, { batchEvents: this.batchEvents, wait })
      .then((result) => {
        if (result.ran) this.checkedAt = started;
        this.lastEventId = Math.max(this.lastEventId, result.lastEventId);
        return result;
      })
      .finally(() => {
        this.stepInFlight = undefined;
      });
    this.stepInFlight = step;
    return step;
  }

  /** Folds step after step until no event is left (the whole history at the first run). Shared while it runs. */
  catchUp(): Promise<void> {
    this.catchingUp ??= (async () => {
      try {
        while (!this.stopped) {
          const step = await this.step(true);
          if (step.events < (this.batchEvents ?? defaultBatchEvents)) return;
        }
      } finally {
        this.catchingUp = undefined;
      }
    })();
    return this.catchingUp;
  }

  /**
   * Before answering: when no step ran for `freshMs`, one step (bounded: one batch, and never
   * waiting on another instance); a longer backlog is left to a catch-up in the background, and
   * while one runs the request does not wait for it. A failed step is told to `onError` and the
   * counts are read as they are. @returns the watermark the counts are known to include, which
   * keys answers kept in memory.
   */
  async fresh(): Promise<number> {
    if (this.catchingUp || performance.now() - this.checkedAt < this.freshMs) return this.lastEventId;
    const started = performance.now();
    try {
      // Nothing new, the usual case: one read of the primary key's end instead of a step's transaction.
      const [latest] = await queryRows<{ last: number }>(this.db, sql`select coalesce(max(id), 0) as last from order_events`);
      if (Number(latest!.last) <= this.lastEventId) {
        this.checkedAt = started;
        return this.lastEventId;
      }
      const step = await this.step(false);
      if (step.events >= (this.batchEvents ?? defaultBatchEvents)) this.catchUp().catch(this.onError);
    } catch (error) {
      this.onError(error);
    }
    return this.lastEventId;
  }

  /** Starts the timer: a catch-up now, then every 5 s. */
  start(): void {
    if (this.timer) return;
    this.stopped = false;
    const run = () => void this.catchUp().catch(this.onError);
    this.timer = setInterval(run, timerMs);
    this.timer.unref();
    run();
  }

  /** Stops the timer and a catch-up after its current step; resolves once that step ended. */
  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearInterval(this.timer);
    this.timer = undefined;
    await this.catchingUp?.catch(() => undefined);
    await this.stepInFlight?.catch(() => undefined);
  }
}
