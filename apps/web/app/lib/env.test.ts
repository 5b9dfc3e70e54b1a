import { afterEach, describe, expect, it, vi } from 'vitest';

/** The web server's environment (env.server.ts): defaults, empty values, malformed values. Each case loads the module afresh (it reads once). */

async function freshEnv() {
  vi.resetModules();
  return (await import('./env.server.ts')).webEnv();
}

afterEach(() => vi.unstubAllEnvs());

describe('webEnv', () => {
  it('gives the defaults when nothing is set, or set empty', async () => {
    vi.stubEnv('SITE_URL', '');
    vi.stubEnv('PORT', undefined);
    vi.stubEnv('API_URL', '');
    expect(await freshEnv()).toEqual({ SITE_URL: undefined, PORT: '3000', API_URL: 'http://localhost:3000' });
  });

  it('reads the configured values', async () => {
    vi.stubEnv('SITE_URL', 'https://resto.example.fr');
    vi.stubEnv('PORT', '3400');
    vi.stubEnv('API_URL', 'http://127.0.0.1:3401');
    expect(await freshEnv()).toEqual({ SITE_URL: 'https://resto.example.fr', PORT: '3400', API_URL: 'http://127.0.0.1:3401' });
  });

  it('fails on a malformed value, naming it', async () => {
    vi.stubEnv('PORT', 'trois mille');
    await expect(freshEnv()).rejects.toThrow(/PORT/u);
  });

  it('reads the environment once', async () => {
    vi.stubEnv('PORT', '3400');
    vi.resetModules();
    const { webEnv } = await import('./env.server.ts');
    expect(webEnv().PORT).toBe('3400');
    vi.stubEnv('PORT', '3500');
    expect(webEnv().PORT).toBe('3400');
  });
});
