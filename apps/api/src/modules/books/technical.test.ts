import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { journalEntries } from '../../db/schema.ts';
import { request, type TestServer } from '../../test/harness.ts';
import { patchSettings as patchOwnerSettings, startBackOfficeServer, type TestStaff } from '../../test/staff.ts';
import { verifyJournal } from './index.ts';

/**
 * The technical entries of the journal (docs/decisions/031, « sécurisation »): a staff log-in and
 * a change of the fiscal settings are entries of the live chain, with who did it; other changes are not.
 * Real HTTP into the real server, PGlite (and PostgreSQL with DATABASE_URL).
 */

// Tuesday 24 November 2026, 12:30 in Paris.
const now = new Date('2026-11-24T11:30:00Z');
let server: TestServer;
let owner: TestStaff;

beforeAll(async () => {
  ({ server, owner } = await startBackOfficeServer(now));
});
afterAll(async () => server?.close());

/** The live chain's technical entries of `event`, oldest first, as their signed content says them. */
async function technical(event: string) {
  const rows = await server.db
    .select({ content: journalEntries.content })
    .from(journalEntries)
    .where(and(eq(journalEntries.chain, 'live'), eq(journalEntries.kind, 'technical')))
    .orderBy(asc(journalEntries.seq));
  return rows
    .map((r) => JSON.parse(r.content) as { operator: { staff_id: number } | null; body: { technical: { event: string; detail: Record<string, unknown> } } })
    .filter((c) => c.body.technical.event === event);
}

const patchSettings = (changes: { name: string; value: unknown }[]) => patchOwnerSettings(server, owner.cookie, changes);

describe('technical entries', () => {
  test('a staff log-in is an entry naming the member; a refused one is not', async () => {
    const before = (await technical('staff_login')).length;
    const refused = await request(server.baseUrl, '/v2/restaurant/auth/login', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ email: owner.email, password: 'pas-le-bon-mot-de-passe' }),
    });
    expect(refused.status).toBe(401);
    expect(await technical('staff_login')).toHaveLength(before);
    const signedIn = await request(server.baseUrl, '/v2/restaurant/auth/login', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ email: owner.email, password: owner.password }),
    });
    expect(signedIn.status).toBe(200);
    const logins = await technical('staff_login');
    expect(logins).toHaveLength(before + 1);
    expect(logins.at(-1)!.operator?.staff_id).toBe(owner.staffId);
    expect(logins.at(-1)!.body.technical.detail).toMatchObject({ staff_id: owner.staffId, role: 'owner', via: 'login' });
  });

  test('a change of the seller’s legal identity or of the books’ settings is an entry with before and after; a phone number is not', async () => {
    const before = (await technical('fiscal_settings')).length;
    expect((await patchSettings([{ name: 'contacts.phone', value: '+33 4 78 00 00 01' }])).status).toBe(200);
    expect(await technical('fiscal_settings')).toHaveLength(before);
    expect(
      (
        await patchSettings([
          { name: 'legal.siret', value: '123 456 789 00012' },
          { name: 'books.fiscal_year_first_month', value: 7 },
        ])
      ).status,
    ).toBe(200);
    const fiscal = await technical('fiscal_settings');
    expect(fiscal).toHaveLength(before + 2);
    expect(fiscal.map((f) => f.body.technical.detail.entity_id).sort()).toEqual(['books.fiscal_year_first_month', 'legal.siret']);
    expect(fiscal.find((f) => f.body.technical.detail.entity_id === 'legal.siret')!.body.technical.detail.after).toBe(JSON.stringify('123 456 789 00012'));
    expect(fiscal.every((f) => f.operator?.staff_id === owner.staffId)).toBe(true);
    expect((await verifyJournal(server.db)).ok).toBe(true);
  });
});
