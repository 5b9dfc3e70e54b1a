import type { MenuItem } from '@resto/domain/catalogue';
import type { Database } from '../../db/client.ts';
import type { CatalogService } from '../catalog/service.ts';
import { CoOrderFold, findCoOrderedCounts } from './co-orders.ts';
import { findMostOrdered } from './repository.ts';
import { maxRecommendations } from '@resto/contract/discovery';

const popularWindowDays = 30;
const popularCacheMs = 60_000;
/**
 * Cart dishes the co-occurrence counts are read for: the first 20 orderable ones. Issue 17
 * (fuzzing) capped a cost that was then ~200 ms for 100 dishes; with the counts (issue 15) it is
 * small, but a bound stays a bound.
 */
const maxCartItemsConsidered = 20;
/** Answers kept per set of cart dishes (at most 500), for as long as the counts do not move. */
const recommendationsCacheSize = 500;

/**
 * Recommendations and popular dishes from past orders (spec section 7; issue 8).
 * Only orderable dishes are answered: available, on an available menu.
 */
export class DiscoveryService {
  /** Ranked ids of the last popularity query, kept a minute: popularity does not move faster. */
  private popularCache: { at: number; ranked: number[] } | undefined;

  /**
   * @param counts the co-occurrence counts' fold (co-orders.ts); default: one of its own on `db`.
   *   The server starts its timer (run-server.ts); without it, requests fold what is new.
   */
  constructor(
    private readonly db: Database,
    private readonly catalog: CatalogService,
    private readonly clock: () => Date,
    readonly counts: CoOrderFold = new CoOrderFold(db),
  ) {}

  private async orderableItems(): Promise<Map<number, MenuItem>> {
    const menus = await this.catalog.getMenus(this.clock());
    return new Map(
      menus
        .filter((m) => m.menu_is_available)
        .flatMap((m) => m.categories.flatMap((c) => c.items.filter((i) => i.item_is_available).map((i) => [i.item_id, i] as const))),
    );
  }

  /**
   * The most ordered dishes of the last 30 days, then by item_score to fill up when few orders
   * exist. @returns item ids, at most `limit` (1..12).
   */
  async popular(limit: number): Promise<number[]> {
    const orderable = await this.orderableItems();
    const ranked = (await this.rankedByUnits()).filter((id) => orderable.has(id));
    const byScore = [...orderable.values()].sort((a, b) => b.item_score - a.item_score || a.item_id - b.item_id).map((i) => i.item_id);
    return [...new Set([...ranked, ...byScore])].slice(0, limit);
  }

  private async rankedByUnits(): Promise<number[]> {
    const now = this.clock().getTime();
    if (this.popularCache && Math.abs(now - this.popularCache.at) < popularCacheMs) return this.popularCache.ranked;
    const since = new Date(now - popularWindowDays * 86_400_000);
    const ranked = (await findMostOrdered(this.db, since, 200)).map((r) => r.itemId);
    this.popularCache = { at: now, ranked };
    return ranked;
  }

  /**
   * Dishes most often ordered together with the cart's, then popular ones to fill; never a dish
   * already in the cart or not orderable now. @returns item ids, at most `limit` (1..12).
   */
  async recommendations(cartItemIds: readonly number[], limit: number): Promise<number[]> {
    const orderable = await this.orderableItems();
    const inCart = new Set(cartItemIds);
    // Ids of no orderable dish cost a query and weigh nothing; the rest is capped.
    // Sorted first: the same cart in any order looks at the same dishes (and shares its cached answer).
    const considered = [...inCart]
      .filter((id) => orderable.has(id))
      .sort((a, b) => a - b)
      .slice(0, maxCartItemsConsidered);
    const together = await this.coOrdered(considered, limit + orderable.size);
    const popular = await this.popular(maxRecommendations + inCart.size);
    return [...new Set([...together, ...popular])].filter((id) => orderable.has(id) && !inCart.has(id)).slice(0, limit);
  }

  private coOrderedCache = new Map<string, Promise<number[]>>();

  /**
   * The co-occurrence counts of these dishes (co-orders.ts), folded first when stale (CoOrderFold,
   * fresh), kept per set of cart dishes and watermark: an answer is kept exactly as long as the
   * counts it was read from, the query in flight shared by concurrent requests; the oldest set is
   * dropped past 500.
   */
  private async coOrdered(cartItemIds: number[], limit: number): Promise<number[]> {
    if (cartItemIds.length === 0) return [];
    const watermark = await this.counts.fresh();
    const key = `${cartItemIds.join(',')}|${limit}|${watermark}`;
    const cached = this.coOrderedCache.get(key);
    if (cached) return cached;
    const ids = findCoOrderedCounts(this.db, cartItemIds, limit).then((rows) => rows.map((r) => r.itemId));
    this.coOrderedCache.set(key, ids);
    // A failed query is not kept.
    ids.catch(() => this.coOrderedCache.get(key) === ids && this.coOrderedCache.delete(key));
    if (this.coOrderedCache.size > recommendationsCacheSize) this.coOrderedCache.delete(this.coOrderedCache.keys().next().value!);
    return ids;
  }
}
