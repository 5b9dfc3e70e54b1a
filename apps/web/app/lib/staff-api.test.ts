import { describe, expect, it } from 'vitest';
import { ApiCallError } from './api.ts';
import { loadStaffPage, staffLoginPath } from './staff-api.server.ts';

/** The staff loaders' one error mapping (loadStaffPage), without a server: the calls are stubs. */

const failing =
  (code: ConstructorParameters<typeof ApiCallError>[1], message = 'Message du serveur.') =>
  () =>
    Promise.reject(new ApiCallError(code === 'staff_forbidden' ? 403 : code === 'staff_login_required' ? 401 : 500, code, message, []));

async function thrown(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error('expected a throw');
}

describe('loadStaffPage', () => {
  it("returns the load's data when the calls succeed", async () => {
    await expect(loadStaffPage(async () => ({ rows: [1] }))).resolves.toEqual({ rows: [1] });
  });

  it('redirects to the login page without a session', async () => {
    const response = (await thrown(loadStaffPage(failing('staff_login_required')))) as Response;
    expect(response.status).toBe(302);
    expect(response.headers.get('Location')).toBe(staffLoginPath);
  });

  it("answers the page's forbidden value to a staff member on an owner's page", async () => {
    await expect(loadStaffPage(failing('staff_forbidden'), { forbidden: () => ({ rows: null }) })).resolves.toEqual({ rows: null });
  });

  it("throws a 502 with the API's message on another failure, and on staff_forbidden when the page has no forbidden value", async () => {
    for (const code of ['internal_error', 'staff_forbidden'] as const) {
      const response = (await thrown(loadStaffPage(failing(code)))) as Response;
      expect(response.status).toBe(502);
      expect(await response.text()).toBe('Message du serveur.');
    }
  });

  it("throws the page's own failure message when it has one", async () => {
    const response = (await thrown(loadStaffPage(failing('internal_error'), { failure: 'Échec du chargement.' }))) as Response;
    expect(await response.text()).toBe('Échec du chargement.');
  });

  it('rethrows what is not an API error', async () => {
    const bug = new TypeError('bug');
    await expect(loadStaffPage(() => Promise.reject(bug))).rejects.toBe(bug);
  });
});
