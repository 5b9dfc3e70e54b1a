import type { AvailabilityBodySchema, AvailabilityItem } from '@resto/contract/backoffice-images';
import { availabilityState, soldOutTodayUntil, type AvailabilityState } from '@resto/domain/sold-out';
import { availability } from '@resto/copy/staff/availability';
import { backOfficeShared } from '@resto/copy/staff/back-office';
import type { z } from 'zod';
import type { Database } from '../../db/client.ts';
import { ApiError } from '../../http/errors.ts';
import { assertFresh, catalogEdit, type EditAuthor } from '../audit/index.ts';
import * as repository from './repository.ts';
import type { Row } from './repository.ts';

/**
 * Dishes' availability (docs/decisions/023-back-office.md): the views and the
 * change. routes.ts → service.ts → repository.ts.
 */

type AvailabilityBody = z.infer<typeof AvailabilityBodySchema>;

/** A dish's availability as the API shows it at `now`. */
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

/** The values a state writes: `is_available` and `sold_out_until`. */
function stateValues(state: AvailabilityState, until: () => Date): { isAvailable: boolean; soldOutUntil: Date | null } {
  if (state === 'sold_out') return { isAvailable: false, soldOutUntil: null };
  if (state === 'sold_out_today') return { isAvailable: true, soldOutUntil: until() };
  return { isAvailable: true, soldOutUntil: null };
}


/** Every live dish with its state at `now`. */
export async function listAvailability(db: Database, now: Date): Promise<AvailabilityItem[]> {
  return (await repository.readLiveDishes(db)).map((row) => view(row, now));
}

/**
 * Sets a dish's state at `now` (« épuisé aujourd'hui » lasts until its menu's next opening).
 * @returns the dish after. @throws ApiError not_found (unknown or archived dish), stale_edit.
 */
export function setAvailability(db: Database, author: EditAuthor, itemId: number, body: AvailabilityBody, now: Date): Promise<AvailabilityItem> {
  return catalogEdit(db, author, async (tx, version) => {
    const row = await repository.lockLiveDish(tx, itemId);
    if (!row) throw new ApiError('not_found', availability.unknownItem, [{ path: 'item_id', message: availability.unknownItem }]);
    assertFresh(row.version, body.expected_version, view(row, now), backOfficeShared.staleEdit);
    const exceptions = await repository.readExceptions(tx);
    const values = stateValues(body.state, () =>
      soldOutTodayUntil(
        row.activeTimes,
        now,
        exceptions.map((e) => ({ date: e.date, is_closed: e.isClosed, ranges: e.ranges, message: e.message })),
      ),
    );
    await repository.writeAvailability(tx, itemId, values, version);
    const before = view(row, now);
    const after = view({ ...row, ...values, version }, now);
    return {
      result: after,
      audit: [
        {
          entity: 'item',
          entityId: itemId,
          action: body.state,
          summary: availability.audit[body.state](row.name),
          before: { state: before.state, sold_out_until: before.sold_out_until },
          after: { state: after.state, sold_out_until: after.sold_out_until },
        },
      ],
    };
  });
}
