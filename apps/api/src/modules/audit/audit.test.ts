import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { AuditPageSchema, type AuditPage } from '@resto/contract/backoffice-audit';
import { errorOf, looksFrench, payloadOf, type TestServer } from '../../test/harness.ts';
import { staffRequest, startBackOfficeServer, type TestStaff } from '../../test/staff.ts';
import { catalogEdit } from './edits.ts';

/**
 * The audit log over real HTTP (docs/decisions/023): GET /v2/restaurant/audit, pages of 50 newest
 * first, the filter by kind, owner only. Entries are written through catalogEdit, as every
 * back-office change writes them.
 */

const now = new Date('2026-11-24T11:30:00Z');
let server: TestServer;
let owner: TestStaff;
let staff: TestStaff;

const audit = (cookie: string | null, query = '') => staffRequest<AuditPage>(server, cookie, 'GET', `/v2/restaurant/audit${query}`);

beforeAll(async () => {
  ({ server, owner, staff } = await startBackOfficeServer(now));
  // 60 dish edits and 60 offer edits, alternating, each its own catalogEdit.
  for (let i = 1; i <= 120; i += 1) {
    const entity = i % 2 ? 'item' : 'offer';
    await catalogEdit(server.db, { staffId: owner.staffId, name: 'Margot Lefèvre' }, async () => ({
      result: null,
      audit: [{ entity, entityId: 100 + i, action: 'update', summary: `Modification n° ${i}`, before: { price_pickup: i }, after: { price_pickup: i + 1 } }],
    }));
  }
});
afterAll(async () => server?.close());

describe('GET /v2/restaurant/audit', () => {
  test('pages of 50, newest first, until the last page says there is no next one', async () => {
    const first = payloadOf(await audit(owner.cookie));
    expect(AuditPageSchema.parse(first)).toEqual(first);
    expect(first.entries).toHaveLength(50);
    expect(first.entries[0]).toMatchObject({
      summary: 'Modification n° 120',
      staff_name: 'Margot Lefèvre',
      entity: 'offer',
      entity_id: '220',
      action: 'update',
      before: { price_pickup: 120 },
      after: { price_pickup: 121 },
    });
    const ids = first.entries.map((e) => e.id);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
    expect(first.next_before_id).toBe(ids.at(-1));

    const second = payloadOf(await audit(owner.cookie, `?before_id=${first.next_before_id}`));
    expect(second.entries).toHaveLength(50);
    expect(second.entries[0]!.id).toBeLessThan(first.next_before_id!);
    const third = payloadOf(await audit(owner.cookie, `?before_id=${second.next_before_id}`));
    expect(third.entries.map((e) => e.summary)).toEqual(Array.from({ length: 20 }, (_, k) => `Modification n° ${20 - k}`));
    expect(third.next_before_id).toBeNull();
  });

  test('the filter keeps one kind of entry, paged the same way', async () => {
    const first = payloadOf(await audit(owner.cookie, '?entity=item'));
    expect(first.entries).toHaveLength(50);
    expect(first.entries.every((e) => e.entity === 'item')).toBe(true);
    const second = payloadOf(await audit(owner.cookie, `?entity=item&before_id=${first.next_before_id}`));
    expect(second.entries).toHaveLength(10);
    expect(second.entries.at(-1)!.summary).toBe('Modification n° 1');
    expect(second.next_before_id).toBeNull();
    expect(payloadOf(await audit(owner.cookie, '?entity=nothing')).entries).toEqual([]);
  });

  test('a bad page parameter is a French 400 on the field', async () => {
    const answer = await audit(owner.cookie, '?before_id=abc');
    expect(answer.status).toBe(400);
    const error = errorOf(answer);
    expect(error.code).toBe('invalid_request');
    expect(error.errors[0]!.path).toBe('before_id');
    expect(looksFrench(error.message)).toBe(true);
  });

  test('staff may not read the log (403), nobody without a session (401)', async () => {
    const forbidden = await audit(staff.cookie);
    expect(forbidden.status).toBe(403);
    expect(errorOf(forbidden).code).toBe('staff_forbidden');
    const anonymous = await audit(null);
    expect(anonymous.status).toBe(401);
    expect(errorOf(anonymous).code).toBe('staff_login_required');
  });

  test('an entry is written with its change or not at all: a change that throws leaves no entry', async () => {
    const before = payloadOf(await audit(owner.cookie)).entries[0]!.id;
    await expect(
      catalogEdit(server.db, { staffId: owner.staffId, name: 'Margot Lefèvre' }, async () => {
        throw new Error('refusé');
      }),
    ).rejects.toThrow('refusé');
    expect(payloadOf(await audit(owner.cookie)).entries[0]!.id).toBe(before);
  });
});
