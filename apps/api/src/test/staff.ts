import { VersionedSettingsSchema } from '@resto/contract/backoffice-settings';
import type { Database } from '../db/client.ts';
import { staffUsers } from '../db/schema.ts';
import { hashPassword } from '../modules/auth/passwords.ts';
import { openStaffSession, staffCookieName, type StaffRole } from '../modules/staff/sessions.ts';
import { newEmail, strongPassword } from './accounts.ts';
import { payloadOf, request, startTestServer, type JsonResponse, type TestServer } from './harness.ts';

/** A staff member made for a test, with a live session. */
export interface TestStaff {
  staffId: number;
  email: string;
  password: string;
  role: StaffRole;
  /** The `Cookie` request header value that carries the session: `resto_staff=<token>`. */
  cookie: string;
}

/**
 * Creates a staff member directly in the database (as `npm run staff:create` does) and opens a
 * session for them, for API tests of staff routes.
 */
export async function createTestStaff(db: Database, input: { role?: StaffRole; email?: string; name?: string; now?: Date } = {}): Promise<TestStaff> {
  const role = input.role ?? 'staff';
  const email = input.email ?? newEmail(role);
  const [row] = await db
    .insert(staffUsers)
    .values({
      email,
      name: input.name ?? (role === 'owner' ? 'Margot Lefèvre' : 'Karim Benali'),
      role,
      passwordHash: await hashPassword(strongPassword),
      // On the test's clock, as the staff service writes it (the no-screen alert reads it).
      ...(input.now ? { createdAt: input.now } : {}),
    })
    .returning({ id: staffUsers.id });
  const token = await openStaffSession(db, row!.id, input.now ?? new Date());
  return { staffId: row!.id, email, password: strongPassword, role, cookie: `${staffCookieName}=${token}` };
}

/** A call to a staff route with `cookie` (the `Cookie` header value; null: none), `body` sent as JSON. */
export function staffRequest<T = unknown>(
  server: Pick<TestServer, 'baseUrl'>,
  cookie: string | null,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  path: string,
  body?: unknown,
): Promise<JsonResponse<T>> {
  const headers: Record<string, string> = {};
  if (cookie) headers.Cookie = cookie;
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  return request<T>(server.baseUrl, path, { method, headers, ...(body !== undefined ? { body: JSON.stringify(body) } : {}) });
}

/**
 * The back office's API tests' start: a test server on the fixed clock `now`, the owner Margot
 * Lefèvre and the staff member Karim Benali, each with a live session.
 */
export async function startBackOfficeServer(now: Date): Promise<{ server: TestServer; owner: TestStaff; staff: TestStaff }> {
  const server = await startTestServer({ clock: () => now });
  const owner = await createTestStaff(server.db, { now, role: 'owner', name: 'Margot Lefèvre' });
  const staff = await createTestStaff(server.db, { now, name: 'Karim Benali' });
  return { server, owner, staff };
}

/** PATCH /v2/restaurant/settings as `cookie`'s owner: each change with the version the settings hold now (so it is never a conflict). */
export async function patchSettings(
  server: Pick<TestServer, 'baseUrl'>,
  cookie: string,
  changes: { name: string; value: unknown }[],
): Promise<JsonResponse<unknown>> {
  const read = VersionedSettingsSchema.parse(payloadOf(await request<unknown>(server.baseUrl, '/v2/restaurant/settings', { headers: { Cookie: cookie } })));
  const versions = new Map(read.map((s) => [s.name, s.version]));
  return request(server.baseUrl, '/v2/restaurant/settings', {
    method: 'PATCH',
    headers: { 'Content-Type': 'application/json', Cookie: cookie },
    body: JSON.stringify({ changes: changes.map((c) => ({ ...c, expected_version: versions.get(c.name) ?? 0 })) }),
  });
}
