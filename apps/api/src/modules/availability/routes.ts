import { createRoute } from '@hono/zod-openapi';
import { and, asc, eq, isNull } from 'drizzle-orm';
import {
  AvailabilityBodySchema,
  AvailabilityItemSchema,
  AvailabilityListSchema,
  ItemIdParamsSchema,
  type AvailabilityItem,
} from '@resto/contract/backoffice-images';
import { availabilityState, soldOutTodayUntil, type AvailabilityState } from '@resto/domain/sold-out';
import { availabilityTexts } from '@resto/domain/messages/backoffice-availability';
import { backOfficeMessages } from '@resto/domain/messages/backoffice';
import type { Database } from '../../db/client.ts';
import { calendarExceptions, categories, items, menus } from '../../db/schema.ts';
import { ApiError, success } from '../../http/errors.ts';
import { bodyErrors, declare, errorAnswer, jsonBody, routes, security, successAnswer } from '../../http/openapi.ts';
import { requireStaff } from '../staff/index.ts';
import { catalogEdit, assertFresh } from '../audit/index.ts';

/**
 * Dishes' availability (issue 14, part 2; docs/decisions/023-back-office.md), for staff and owners:
 * « disponible », « épuisé aujourd'hui » (`sold_out_until` = soldOutTodayUntil, back by itself) and
 * « jusqu'à nouvel ordre » (`is_available` false). Every change goes through catalogEdit (version,
 * audit entry, catalogue rebuilt at once).
 */

const tags = ['Restaurant : disponibilités'];
const signedIn = {
  401: errorAnswer('Pas de session de l’espace restaurant (staff_login_required).'),
  403: errorAnswer('Requête d’un autre site (cross_site_refused).'),
};

const listRoute = createRoute({
  method: 'get',
  path: '/availability',
  tags,
  summary: 'Chaque plat (non archivé) avec son état : disponible, épuisé aujourd’hui (et jusqu’à quand) ou jusqu’à nouvel ordre.',
  description: 'Dans l’ordre des cartes, catégories et plats. Personnel et propriétaire.',
  security: security.staff,
  responses: { 200: successAnswer(AvailabilityListSchema, 'Les plats.'), ...signedIn },
});

const setRoute = createRoute({
  method: 'put',
  path: '/items/{item_id}/availability',
  tags,
  summary: 'Marquer un plat disponible, épuisé aujourd’hui (retour automatique à la prochaine ouverture) ou épuisé jusqu’à nouvel ordre.',
  description: 'Personnel et propriétaire. `expected_version` : la `version` lue ; une autre est refusée (409 stale_edit, `payload.current` le plat actuel).',
  security: security.staff,
  request: { params: ItemIdParamsSchema, body: jsonBody(AvailabilityBodySchema) },
  responses: {
    200: successAnswer(AvailabilityItemSchema, 'Le plat après le changement.'),
    ...bodyErrors,
    ...signedIn,
    404: errorAnswer('Plat inconnu ou archivé (not_found).'),
    409: errorAnswer('Le plat a changé depuis l’écran (stale_edit) : `payload.current` est le plat actuel.'),
  },
});

type Row = {
  itemId: number;
  name: string;
  image: string;
  isAvailable: boolean;
  soldOutUntil: Date | null;
  version: number;
  categoryName: string;
  menuName: string;
};

function view(row: Row, now: Date): AvailabilityItem {
  const state = availabilityState(row.isAvailable, row.soldOutUntil, now);
  return {
    item_id: row.itemId,
    item_name: row.name,
    category_name: row.categoryName,
    menu_name: row.menuName,
    image: row.image,
    state,
    sold_out_until: state === 'sold_out_today' ? row.soldOutUntil!.toISOString() : null,
    version: row.version,
  };
}

function selectRows(db: Database) {
  return db
    .select({
      itemId: items.itemId,
      name: items.name,
      image: items.image,
      isAvailable: items.isAvailable,
      soldOutUntil: items.soldOutUntil,
      version: items.version,
      categoryName: categories.name,
      menuName: menus.name,
      activeTimes: menus.activeTimes,
    })
    .from(items)
    .innerJoin(categories, eq(categories.categoryId, items.categoryId))
    .innerJoin(menus, eq(menus.menuId, items.menuId));
}

/** The values a state writes: `is_available` and `sold_out_until`. */
function stateValues(state: AvailabilityState, until: () => Date): { isAvailable: boolean; soldOutUntil: Date | null } {
  if (state === 'sold_out') return { isAvailable: false, soldOutUntil: null };
  if (state === 'sold_out_today') return { isAvailable: true, soldOutUntil: until() };
  return { isAvailable: true, soldOutUntil: null };
}

/**
 * GET /v2/restaurant/availability and PUT /v2/restaurant/items/{item_id}/availability, behind any
 * staff session (staff may toggle availability: issue 14).
 */
export function availabilityRoutes(deps: { db: Database; clock: () => Date }) {
  const app = routes();
  declare(app, listRoute, async (c) => {
    await requireStaff(c, deps.db, deps.clock());
    const now = deps.clock();
    const rows = await selectRows(deps.db)
      .where(and(isNull(items.archivedAt), isNull(categories.archivedAt), isNull(menus.archivedAt)))
      .orderBy(asc(menus.position), asc(menus.menuId), asc(categories.position), asc(categories.categoryId), asc(items.position), asc(items.itemId));
    return success<AvailabilityItem[]>(
      c,
      rows.map((row) => view(row, now)),
    );
  });
  declare(app, setRoute, async (c, input) => {
    const staff = await requireStaff(c, deps.db, deps.clock());
    const itemId = Number(input.params().item_id);
    const body = await input.body();
    const now = deps.clock();
    const answer = await catalogEdit(deps.db, { staffId: staff.staffId, name: staff.name }, async (tx, version) => {
      const [row] = await selectRows(tx)
        .where(and(eq(items.itemId, itemId), isNull(items.archivedAt)))
        .for('update', { of: items });
      if (!row) throw new ApiError('not_found', availabilityTexts.unknownItem, [{ path: 'item_id', message: availabilityTexts.unknownItem }]);
      assertFresh(row.version, body.expected_version, view(row, now), backOfficeMessages.staleEdit);
      const exceptions = await tx.select().from(calendarExceptions);
      const values = stateValues(body.state, () =>
        soldOutTodayUntil(
          row.activeTimes,
          now,
          exceptions.map((e) => ({ date: e.date, is_closed: e.isClosed, ranges: e.ranges, message: e.message })),
        ),
      );
      await tx
        .update(items)
        .set({ ...values, version })
        .where(eq(items.itemId, itemId));
      const before = view(row, now);
      const after = view({ ...row, ...values, version }, now);
      return {
        result: after,
        audit: [
          {
            entity: 'item',
            entityId: itemId,
            action: body.state,
            summary: availabilityTexts.audit[body.state](row.name),
            before: { state: before.state, sold_out_until: before.sold_out_until },
            after: { state: after.state, sold_out_until: after.sold_out_until },
          },
        ],
      };
    });
    return success<AvailabilityItem>(c, answer);
  });
  return app;
}
