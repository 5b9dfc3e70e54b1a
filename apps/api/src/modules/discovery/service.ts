import type { MenuItem } from '@resto/domain/catalogue';
import type { Database } from '../../db/client.ts';
import type { CatalogService } from '../catalog/index.ts';
import { CoOrderFold, findPartners } from './co-orders.ts';
import { findMostOrdered } from './repository.ts';
import { maxRecommendations } from '@resto/contract/discovery';

const popularWindowDays = 30;
const popularCacheMs = 60_000;
/**
 * Cart dishes the co-occurrence counts are read for: the first 20 orderable ones. docs/decisions/014
 * (fuzzing) capped a cost that was then ~200 ms for 100 dishes; with the counts (docs/decisions/004) it is
 * small, but a bound stays a bound.
 */
const maxCartItemsConsidered = 20;

/**
 * Recommendations and popular dishes from past orders (spec section 7; docs/decisions/004).
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
    await this.counts.fresh();
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

  /** Each cart dish's partners (findPartners) as of `partnersWatermark`, or the query in flight. */
  private partners = new Map<number, Promise<[number, number][]>>();
  private partnersWatermark = -1;

  /**
   * Dishes most often bought with the cart's: for each other dish, the orders it shares with each
   * cart dish, summed over the cart's dishes (an order holding two cart dishes counts for each:
   * docs/decisions/004-discovery.md); most first, ties by item id; at most `limit`.
   * The counts are folded first when stale (CoOrderFold, fresh); each dish's partners are kept in
   * memory while the fold's watermark does not move (at most one entry per orderable dish), the
   * query in flight shared by concurrent requests.
   */
  private async coOrdered(cartItemIds: readonly number[], limit: number): Promise<number[]> {
    if (cartItemIds.length === 0) return [];
    const watermark = await this.counts.fresh();
    if (watermark !== this.partnersWatermark) {
      this.partners.clear();
      this.partnersWatermark = watermark;
    }
    const missing = cartItemIds.filter((id) => !this.partners.has(id));
    if (missing.length) {
      const loading = findPartners(this.db, missing);
      const kept = this.partners;
      for (const id of missing) {
        const list = loading.then((found) => found.get(id) ?? []);
        kept.set(id, list);
        // A failed query is not kept.
        list.catch(() => kept.get(id) === list && kept.delete(id));
      }
    }
    const inCart = new Set(cartItemIds);
    const shared = new Map<number, number>();
    for (const list of await Promise.all(cartItemIds.map((id) => this.partners.get(id)!)))
      for (const [other, orders] of list) if (!inCart.has(other)) shared.set(other, (shared.get(other) ?? 0) + orders);
    return [...shared]
      .sort((a, b) => b[1] - a[1] || a[0] - b[0])
      .slice(0, limit)
      .map(([id]) => id);
  }
}
