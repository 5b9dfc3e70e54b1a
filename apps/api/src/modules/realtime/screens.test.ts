import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { staffScreens } from '../../db/schema.ts';
import { startTestServer, type TestServer } from '../../test/harness.ts';
import { createTestStaff, type TestStaff } from '../../test/staff.ts';
import { LastHeartbeat } from './screens.ts';

/**
 * The screens' last heartbeat as the storefront's reads see it (realtime/screens.ts LastHeartbeat;
 * docs/decisions/027): read at most once per re-check interval, moved forward at once by this instance's
 * heartbeats, a deletion seen at the next read. The interval's clock is the test's own.
 */

let server: TestServer;
let staff: TestStaff;
const at = (minute: number) => new Date(Date.UTC(2026, 10, 24, 11, minute));

beforeAll(async () => {
  server = await startTestServer({ clock: () => at(0) });
  staff = await createTestStaff(server.db, { now: at(0) });
}, 60_000);
afterAll(() => server?.close());

test('read once per interval, requests meanwhile sharing the read; a deleted screen seen at the next read', async () => {
  let elapsed = 0;
  const screens = new LastHeartbeat(server.db, 1000, () => elapsed);
  expect(await screens.get()).toBeNull();

  await server.db.insert(staffScreens).values({ screenId: 'comptoir', staffId: staff.staffId, lastSeenAt: at(1) });
  elapsed = 999;
  expect(await screens.get()).toBeNull(); // within the interval: not read again
  elapsed = 1000;
  const first = screens.get();
  expect(screens.get()).toBe(first); // one read for both
  expect(await first).toEqual(at(1));

  await server.db.delete(staffScreens).where(eq(staffScreens.screenId, 'comptoir'));
  elapsed = 1500;
  expect(await screens.get()).toEqual(at(1));
  elapsed = 2000;
  expect(await screens.get()).toBeNull();
});

test('a heartbeat this instance notes counts at once, an older one does not move it back', async () => {
  let elapsed = 0;
  const screens = new LastHeartbeat(server.db, 1000, () => elapsed);
  expect(await screens.get()).toBeNull();
  screens.note(at(5));
  expect(await screens.get()).toEqual(at(5));
  screens.note(at(4));
  expect(await screens.get()).toEqual(at(5));
  // The next read believes the table (the route wrote it before noting).
  await server.db.insert(staffScreens).values({ screenId: 'cuisine', staffId: staff.staffId, lastSeenAt: at(6) });
  elapsed = 1000;
  expect(await screens.get()).toEqual(at(6));
  await server.db.delete(staffScreens).where(eq(staffScreens.screenId, 'cuisine'));
});
