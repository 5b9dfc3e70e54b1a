import type { CapacityView, FullSlots } from '@resto/contract/backoffice-capacity';
import {
  capacityLimitNames,
  capacitySettingNames,
  cardPaymentHoldMinutes,
  dayQuarterStarts,
  fullSlotStarts,
  hasCapacityLimit,
  isSlotFull,
  orderSlotKey,
  readCapacityLimits,
  type CapacitySettingName,
} from '@resto/domain/capacity';
import { backOfficeShared } from '@resto/copy/staff/back-office';
import { capacityAudit, capacityFields } from '@resto/copy/staff/capacity';
import { leadTimeMinutes, readSchedulingSettings, toRestaurantDate } from '@resto/domain/scheduling';
import type { Database } from '../../db/client.ts';
import { ApiError } from '../../http/errors.ts';
import { assertFresh, catalogEdit, type AuditEntry } from '../audit/index.ts';
import type { CatalogService } from '../catalog/index.ts';
import { dayLoads, readRows, writeSetting, type Row } from './repository.ts';

/**
 * Capacity per 15-minute slot (docs/decisions/023-back-office.md, « Capacité »):
 * the owner reads and sets the limits (each setting versioned, every change audited), and the
 * storefront reads a day's full slots. The limits themselves are checked when an order is placed
 * (modules/orders/service.ts, capacityGuard), in the order's transaction.
 * routes.ts → service.ts → repository.ts; the slots' SQL (repository.ts) also serves the orders.
 */

export interface CapacityDeps {
  db: Database;
  clock: () => Date;
  catalog: CatalogService;
}


/** The view of the page from the settings rows and the catalogue's categories. */
function capacityView(rows: readonly Row[], categories: CapacityView['categories']): CapacityView {
  const byName = new Map(rows.map((row) => [row.name, row]));
  const limit = (name: CapacitySettingName) => {
    const value = byName.get(name)?.value;
    return typeof value === 'number' ? value : null;
  };
  const listed = byName.get('capacity.item_categories')?.value;
  return {
    values: {
      'capacity.max_orders': limit('capacity.max_orders'),
      'capacity.pickup_max_orders': limit('capacity.pickup_max_orders'),
      'capacity.max_items': limit('capacity.max_items'),
      'capacity.pickup_max_items': limit('capacity.pickup_max_items'),
      'capacity.item_categories': Array.isArray(listed) ? listed.filter((id): id is number => typeof id === 'number') : [],
    },
    versions: Object.fromEntries(capacitySettingNames.map((name) => [name, byName.get(name)?.version ?? 0])),
    categories,
  };
}

/** The capacity page: the settings and the catalogue's categories. */
export async function readCapacity(deps: CapacityDeps): Promise<CapacityView> {
  return capacityView(await readRows(deps.db), await categoriesOf(deps.catalog));
}

async function categoriesOf(catalog: CatalogService): Promise<CapacityView['categories']> {
  const { menus } = await catalog.getCatalog();
  return menus.flatMap((menu) => menu.categories.map((c) => ({ category_id: c.category_id, category_name: c.category_name, menu_name: menu.menu_name })));
}

/** The audit sentence of one setting's change (« Capacité à emporter : 8 → 6 commandes par créneau »). */
function auditSummary(name: CapacitySettingName, before: unknown, after: unknown, categories: CapacityView['categories']): string {
  const limit = (value: unknown) => (typeof value === 'number' ? value : null);
  for (const isPickup of [false, true]) {
    const names = capacityLimitNames(isPickup);
    if (name === names.maxOrders) return capacityAudit.maxOrders(isPickup, limit(before), limit(after));
    if (name === names.maxItems) return capacityAudit.maxItems(isPickup, limit(before), limit(after));
  }
  const list = (value: unknown) => {
    const ids = Array.isArray(value) ? (value as number[]) : [];
    return ids.length ? ids.map((id) => categories.find((c) => c.category_id === id)?.category_name ?? `n° ${id}`).join(', ') : capacityAudit.allCategories;
  };
  return capacityAudit.categories(list(before), list(after));
}

/**
 * Writes the changed capacity settings (only those in `values`), each checked against the version
 * its form read. @returns the page's view after the change.
 * @throws ApiError 400 unknown category (field `values.capacity.item_categories`), 409 stale_edit
 * with the current view in `payload.current` (nothing written).
 */
export async function updateCapacity(
  deps: CapacityDeps,
  author: { staffId: number; name: string },
  body: { values: Partial<Record<CapacitySettingName, unknown>>; expected_versions: Partial<Record<string, number>> },
): Promise<CapacityView> {
  const categories = await categoriesOf(deps.catalog);
  const unknown = ((body.values['capacity.item_categories'] as number[] | undefined) ?? []).find((id) => !categories.some((c) => c.category_id === id));
  if (unknown !== undefined) {
    const message = capacityFields.unknownCategory(unknown);
    throw new ApiError('invalid_request', message, [{ path: 'values.capacity.item_categories', message }]);
  }
  return catalogEdit(deps.db, author, async (tx, version) => {
    const rows = await readRows(tx);
    const byName = new Map(rows.map((row) => [row.name, row]));
    const audit: AuditEntry[] = [];
    for (const name of capacitySettingNames) {
      if (!(name in body.values)) continue;
      const row = byName.get(name);
      assertFresh(row?.version ?? 0, body.expected_versions[name] ?? -1, capacityView(rows, categories), backOfficeShared.staleEdit);
      const before = row?.value ?? null;
      const raw = body.values[name];
      const after = name === 'capacity.item_categories' ? [...new Set((raw as number[] | undefined) ?? [])].sort((a, b) => a - b) : (raw ?? null);
      if (JSON.stringify(before ?? (name === 'capacity.item_categories' ? [] : null)) === JSON.stringify(after)) continue;
      await writeSetting(tx, name, after, version);
      audit.push({ entity: 'settings', entityId: name, action: 'update', summary: auditSummary(name, before, after, categories), before: { [name]: before }, after: { [name]: after } });
    }
    return { result: capacityView(await readRows(tx), categories), audit };
  });
}

/**
 * The full slots of a Paris day for an order type (mounted under /v2/public): every quarter hour
 * whose orders or counted dishes leave no room (for the visitor's cart when `items` is given),
 * and whether « dès que possible » would be refused now. Never cached: each order changes it.
 */
export async function fullSlots(deps: CapacityDeps, query: { date: string; is_pickup: boolean; items?: number | undefined }): Promise<FullSlots> {
  const { settings: list, calendar } = await deps.catalog.getCatalog();
  const limits = readCapacityLimits(list, query.is_pickup);
  const answer: FullSlots = { date: query.date, is_pickup: query.is_pickup, full: [], asap_full: false };
  if (!hasCapacityLimit(limits)) return answer;
  const now = deps.clock();
  const loads = await dayLoads(deps.db, query.date, query.is_pickup, limits.itemCategoryIds, new Date(now.getTime() - cardPaymentHoldMinutes * 60_000));
  answer.full = fullSlotStarts(query.date, dayQuarterStarts(), loads, limits, query.items);
  const asapKey = orderSlotKey({ is_scheduled: false }, now, leadTimeMinutes(readSchedulingSettings(list, query.is_pickup), now, calendar));
  if (query.date === toRestaurantDate(now) && asapKey?.startsWith(query.date))
    answer.asap_full = isSlotFull(loads.get(asapKey) ?? { orders: 0, items: 0 }, limits, query.items);
  return answer;
}
