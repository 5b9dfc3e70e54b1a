import type { Database } from '../db/client.ts';
import { staffUsers } from '../db/schema.ts';
import { hashPassword } from '../modules/auth/passwords.ts';
import { openStaffSession, staffCookieName, type StaffRole } from '../modules/staff/sessions.ts';
import { newEmail, strongPassword } from './accounts.ts';

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
    .values({ email, name: input.name ?? (role === 'owner' ? 'Margot Lefèvre' : 'Karim Benali'), role, passwordHash: await hashPassword(strongPassword) })
    .returning({ id: staffUsers.id });
  const token = await openStaffSession(db, row!.id, input.now ?? new Date());
  return { staffId: row!.id, email, password: strongPassword, role, cookie: `${staffCookieName}=${token}` };
}
