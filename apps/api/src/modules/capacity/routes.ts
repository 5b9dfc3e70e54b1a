import { createRoute } from '@hono/zod-openapi';
import { inArray, sql } from 'drizzle-orm';
import {
  CapacityUpdateSchema,
  CapacityViewSchema,
  FullSlotsSchema,
  SlotsQuerySchema,
  type CapacityView,
  type FullSlots,
} from '@resto/contract/backoffice-capacity';
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
import { capacityAuditTexts, capacityFieldMessages } from '@resto/domain/messages/backoffice-capacity';
import { backOfficeMessages } from '@resto/domain/messages/backoffice';
import { leadTimeMinutes, readSchedulingSettings, toRestaurantDate } from '@resto/domain/scheduling';
import type { Database } from '../../db/client.ts';
import { settings } from '../../db/schema.ts';
import { ApiError, success } from '../../http/errors.ts';
import { bodyErrors, declare, errorAnswer, jsonBody, routes, successAnswer } from '../../http/openapi.ts';
import type { CatalogService } from '../catalog/index.ts';
import { dayLoads } from './repository.ts';
import { requireStaff } from '../staff/index.ts';
import { assertFresh, catalogEdit, type AuditEntry, type EditTx } from '../audit/index.ts';

/**
 * Capacity per 15-minute slot (issue 14, part 4; docs/decisions/023-back-office.md, « Capacité »):
 * the owner reads and sets the limits (each setting versioned, every change audited), and the
 * storefront reads a day's full slots. The limits themselves are checked when an order is placed
 * (modules/orders/service.ts, capacityGuard), in the order's transaction.
 */

export interface CapacityDeps {
  db: Database;
  clock: () => Date;
  catalog: CatalogService;
}

type Row = { name: string; value: unknown; version: number };

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

async function readRows(db: Database | EditTx): Promise<Row[]> {
  return db.select().from(settings).where(inArray(settings.name, [...capacitySettingNames]));
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
    if (name === names.maxOrders) return capacityAuditTexts.maxOrders(isPickup, limit(before), limit(after));
    if (name === names.maxItems) return capacityAuditTexts.maxItems(isPickup, limit(before), limit(after));
  }
  const list = (value: unknown) => {
    const ids = Array.isArray(value) ? (value as number[]) : [];
    return ids.length ? ids.map((id) => categories.find((c) => c.category_id === id)?.category_name ?? `n° ${id}`).join(', ') : capacityAuditTexts.allCategories;
  };
  return capacityAuditTexts.categories(list(before), list(after));
}

/**
 * Writes the changed capacity settings (only those in `values`), each checked against the version
 * its form read. @returns the page's view after the change.
 * @throws ApiError 400 unknown category (field `values.capacity.item_categories`), 409 stale_edit
 * with the current view in `payload.current` (nothing written).
 */
async function updateCapacity(
  deps: CapacityDeps,
  author: { staffId: number; name: string },
  body: { values: Partial<Record<CapacitySettingName, unknown>>; expected_versions: Partial<Record<string, number>> },
): Promise<CapacityView> {
  const categories = await categoriesOf(deps.catalog);
  const unknown = ((body.values['capacity.item_categories'] as number[] | undefined) ?? []).find((id) => !categories.some((c) => c.category_id === id));
  if (unknown !== undefined) {
    const message = capacityFieldMessages.unknownCategory(unknown);
    throw new ApiError('invalid_request', message, [{ path: 'values.capacity.item_categories', message }]);
  }
  return catalogEdit(deps.db, author, async (tx, version) => {
    const rows = await readRows(tx);
    const byName = new Map(rows.map((row) => [row.name, row]));
    const audit: AuditEntry[] = [];
    for (const name of capacitySettingNames) {
      if (!(name in body.values)) continue;
      const row = byName.get(name);
      assertFresh(row?.version ?? 0, body.expected_versions[name] ?? -1, capacityView(rows, categories), backOfficeMessages.staleEdit);
      const before = row?.value ?? null;
      const raw = body.values[name];
      const after = name === 'capacity.item_categories' ? [...new Set((raw as number[] | undefined) ?? [])].sort((a, b) => a - b) : (raw ?? null);
      if (JSON.stringify(before ?? (name === 'capacity.item_categories' ? [] : null)) === JSON.stringify(after)) continue;
      // JSON null, not SQL NULL: the row (and its version) stays, and reads as no limit.
      const value = after === null ? sql`'null'::jsonb` : after;
      await tx
        .insert(settings)
        .values({ name, value, version })
        .onConflictDoUpdate({ target: settings.name, set: { value, version } });
      audit.push({ entity: 'settings', entityId: name, action: 'update', summary: auditSummary(name, before, after, categories), before: { [name]: before }, after: { [name]: after } });
    }
    return { result: capacityView(await readRows(tx), categories), audit };
  });
}

const tags = ['Restaurant : capacité'];

const readRoute = createRoute({
  method: 'get',
  path: '/capacity',
  tags,
  summary: 'La capacité par créneau de 15 minutes : commandes et plats par type de commande, catégories comptées, et la version de chaque réglage.',
  description: 'Tout membre du restaurant peut la lire ; seul le propriétaire la modifie. Session du personnel (cookie resto_staff).',
  responses: {
    200: successAnswer(CapacityViewSchema, 'Les réglages de capacité (null : aucune limite).'),
    401: errorAnswer('Pas de session de l’espace restaurant (staff_login_required).'),
  },
});

const updateRoute = createRoute({
  method: 'put',
  path: '/capacity',
  tags,
  summary: 'Modifier la capacité : seulement les réglages changés, chacun avec la version lue. Propriétaire seulement.',
  description:
    'Une transaction (catalogEdit) : versions vérifiées, réglages écrits avec la nouvelle version, une ligne du journal par réglage changé (« Capacité à emporter : 8 → 6 commandes par créneau »).',
  request: { body: jsonBody(CapacityUpdateSchema) },
  responses: {
    200: successAnswer(CapacityViewSchema, 'Les réglages après la modification.'),
    ...bodyErrors,
    400: errorAnswer('Limite négative, nulle, non entière ou trop grande, catégorie inconnue (invalid_request), avec le champ fautif.'),
    401: errorAnswer('Pas de session de l’espace restaurant (staff_login_required).'),
    403: errorAnswer('Réservé au propriétaire (staff_forbidden).'),
    409: errorAnswer('Un réglage a changé depuis la lecture (stale_edit) : `payload.current` est la capacité actuelle ; rien n’est écrit.'),
  },
});

const slotsRoute = createRoute({
  method: 'get',
  path: '/slots',
  tags: ['Créneaux'],
  summary: 'Les créneaux complets d’un jour pour un type de commande (et le panier du visiteur : `items`, ses plats comptés). Jamais mis en cache.',
  request: { query: SlotsQuerySchema },
  responses: {
    200: successAnswer(FullSlotsSchema, 'Les débuts (HH:MM) des créneaux complets, et si « dès que possible » est complet aujourd’hui.'),
    400: errorAnswer('Date ou type de commande illisible (invalid_request).'),
  },
});

/** GET and PUT /v2/restaurant/capacity (mounted under /v2/restaurant: no-store, same-site only). */
export function capacityRoutes(deps: CapacityDeps) {
  const app = routes();
  declare(app, readRoute, async (c) => {
    await requireStaff(c, deps.db, deps.clock());
    return success<CapacityView>(c, capacityView(await readRows(deps.db), await categoriesOf(deps.catalog)));
  });
  declare(app, updateRoute, async (c, input) => {
    const staff = await requireStaff(c, deps.db, deps.clock(), 'owner');
    const body = await input.body();
    return success<CapacityView>(c, await updateCapacity(deps, { staffId: staff.staffId, name: staff.name }, body));
  });
  return app;
}

/**
 * The full slots of a Paris day for an order type (mounted under /v2/public): every quarter hour
 * whose orders or counted dishes leave no room (for the visitor's cart when `items` is given),
 * and whether « dès que possible » would be refused now. Never cached: each order changes it.
 */
async function fullSlots(deps: CapacityDeps, query: { date: string; is_pickup: boolean; items?: number | undefined }): Promise<FullSlots> {
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

/** GET /v2/public/slots. */
export function publicSlotRoutes(deps: CapacityDeps) {
  const app = routes();
  declare(app, slotsRoute, async (c, input) => {
    const answer = await fullSlots(deps, input.query());
    c.header('Cache-Control', 'no-store');
    return success<FullSlots>(c, answer);
  });
  return app;
}
