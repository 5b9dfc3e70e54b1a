import { Hono } from 'hono';
import { secureHeaders } from 'hono/secure-headers';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startTestServer, type TestServer } from '../test/harness.ts';
import {
  API_SECURITY_HEADERS,
  contentSecurityPolicy,
  HSTS_VALUE,
  isHttps,
  isPersonalPage,
  newNonce,
  STOREFRONT_SECURITY_HEADERS,
} from './security-headers.ts';

/** docs/decisions/009-http-security-headers.md. */

/** The sources of one directive of a policy. */
function directive(policy: string, name: string): string[] {
  const found = policy.split('; ').find((d) => d.split(' ')[0] === name);
  if (!found) throw new Error(`${name} absent de ${policy}`);
  return found.split(' ').slice(1);
}

describe('contentSecurityPolicy', () => {
  const none = { stripe: false, tagManager: false };

  test('by default: our own origin and this answer’s nonce only, no frames, no framing, no plugins, no <base>', () => {
    const policy = contentSecurityPolicy('abc123==', none);
    expect(directive(policy, 'default-src')).toEqual(["'self'"]);
    expect(directive(policy, 'script-src')).toEqual(["'self'", "'nonce-abc123=='"]);
    expect(directive(policy, 'connect-src')).toEqual(["'self'"]);
    expect(directive(policy, 'frame-src')).toEqual(["'none'"]);
    expect(directive(policy, 'frame-ancestors')).toEqual(["'none'"]);
    expect(directive(policy, 'object-src')).toEqual(["'none'"]);
    expect(directive(policy, 'base-uri')).toEqual(["'none'"]);
    expect(directive(policy, 'form-action')).toEqual(["'self'"]);
    expect(directive(policy, 'worker-src')).toEqual(["'self'"]);
    expect(policy).not.toContain('unsafe-eval');
    expect(directive(policy, 'script-src')).not.toContain("'unsafe-inline'");
    expect(policy).not.toMatch(/stripe|google/);
  });

  test('with Stripe: its script, its frames (js.stripe.com, hooks.stripe.com for 3-D Secure) and its API', () => {
    const policy = contentSecurityPolicy('n', { stripe: true, tagManager: false });
    expect(directive(policy, 'script-src')).toEqual(expect.arrayContaining(['https://js.stripe.com']));
    expect(directive(policy, 'frame-src')).toEqual(expect.arrayContaining(['https://js.stripe.com', 'https://hooks.stripe.com']));
    expect(directive(policy, 'frame-src')).not.toContain("'none'");
    expect(directive(policy, 'connect-src')).toContain('https://api.stripe.com');
    expect(policy).not.toMatch(/google/);
  });

  test('with the tag manager: googletagmanager.com scripts and the analytics endpoints, no Stripe', () => {
    const policy = contentSecurityPolicy('n', { stripe: false, tagManager: true });
    expect(directive(policy, 'script-src')).toContain('https://www.googletagmanager.com');
    expect(directive(policy, 'connect-src')).toContain('https://*.google-analytics.com');
    expect(policy).not.toMatch(/stripe/);
  });

  test('nonces are 128 random bits, new each time', () => {
    const nonces = new Set(Array.from({ length: 50 }, newNonce));
    expect(nonces.size).toBe(50);
    for (const nonce of nonces) expect(Buffer.from(nonce, 'base64')).toHaveLength(16);
  });
});

describe('STOREFRONT_SECURITY_HEADERS', () => {
  test('exactly what Hono’s secureHeaders (Helmet’s set) sends with our options', async () => {
    const reference = new Hono();
    reference.use(
      secureHeaders({
        strictTransportSecurity: false,
        xFrameOptions: 'DENY',
        referrerPolicy: 'strict-origin-when-cross-origin',
        crossOriginOpenerPolicy: 'same-origin-allow-popups',
        crossOriginResourcePolicy: 'same-origin',
        permissionsPolicy: { camera: [], microphone: [], geolocation: ['self'], payment: ['self', 'https://js.stripe.com'] },
      }),
    );
    reference.get('/', (c) => c.body(null, 204));
    const expected = Object.fromEntries((await reference.request('/')).headers);
    const ours = Object.fromEntries(Object.entries(STOREFRONT_SECURITY_HEADERS).map(([name, value]) => [name.toLowerCase(), value]));
    expect(ours).toEqual(expected);
  });
});

describe('isHttps (HSTS only over HTTPS)', () => {
  const req = (url: string, proto?: string) => new Request(url, proto ? { headers: { 'X-Forwarded-Proto': proto } } : {});
  test.each([
    ['https URL', req('https://shop.example/'), false, true],
    ['plain HTTP', req('http://shop.example/'), false, false],
    ['X-Forwarded-Proto without a trusted proxy', req('http://shop.example/', 'https'), false, false],
    ['X-Forwarded-Proto behind a trusted proxy', req('http://shop.example/', 'https'), true, true],
    ['a chain of proxies, the first one saw https', req('http://shop.example/', 'HTTPS, http'), true, true],
    ['a trusted proxy that saw http', req('http://shop.example/', 'http'), true, false],
  ])('%s', (_label, request, trustProxy, expected) => {
    expect(isHttps(request, trustProxy)).toBe(expected);
  });
});

test.each([
  ['/profile', true],
  ['/fr/profile/ViewOrders', true],
  ['/success', true],
  ['/success.data', true],
  ['/checkout', true],
  ['/auth/login', true],
  ['/restaurant', true],
  ['/restaurant/equipe', true],
  ['/restaurant.data', true],
  ['/', false],
  ['/restaurants-partenaires', false],
  ['/menu', false],
  ['/profiler', false],
])('isPersonalPage(%j) is %s', (path, expected) => {
  expect(isPersonalPage(path)).toBe(expected);
});

describe('the API’s headers over real HTTP', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ seed: true }); // trustProxy: on in the harness
  });
  afterAll(async () => {
    await server?.close();
  });

  /** The headers a browser applies to documents only: a storefront answer has them, an API answer does not. */
  const documentOnly = Object.keys(STOREFRONT_SECURITY_HEADERS).filter((name) => !(name in API_SECURITY_HEADERS));

  test.each([
    ['GET', '/v2/public/menus', 200],
    ['GET', '/v2/public/settings', 200],
    ['GET', '/v2/public/menus/999999', 404],
    ['GET', '/v2/no-such-route', 404],
    ['POST', '/v2/public/checkout/', 400],
    ['GET', '/v2/public/auth/profile?token=x&user_id=1', 401],
  ])('plain HTTP, %s %s (%i): OWASP’s set for APIs (nosniff, no framing, no content of its own), same-site, no HSTS, none of the document-only headers', async (method, path, status) => {
    const response = await fetch(`${server.baseUrl}${path}`, {
      method,
      headers: { 'Content-Type': 'application/json', 'X-Forwarded-For': '203.0.113.78' },
      body: method === 'POST' ? '{}' : undefined,
    });
    expect(response.status).toBe(status);
    expect(response.headers.get('content-security-policy')).toBe("default-src 'none'; frame-ancestors 'none'");
    expect(response.headers.get('cross-origin-resource-policy')).toBe('same-site');
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('x-frame-options')).toBe('DENY');
    expect(response.headers.get('strict-transport-security')).toBeNull();
    expect(documentOnly.length).toBeGreaterThanOrEqual(7);
    for (const name of documentOnly) expect(response.headers.get(name), name).toBeNull();
  });

  test('HTTPS at the trusted proxy: HSTS', async () => {
    const response = await fetch(`${server.baseUrl}/v2/public/menus`, { headers: { 'X-Forwarded-Proto': 'https' } });
    expect(response.headers.get('strict-transport-security')).toBe(HSTS_VALUE);
  });

  test.each([
    ['GET', '/v2/public/auth/profile?token=x&user_id=1'],
    ['GET', '/v2/public/auth/orders?token=x&user_id=1'],
    ['POST', '/v2/public/auth/login/'],
    ['GET', '/v2/public/checkout/payment-config'],
    ['GET', '/v2/public/checkout/not-an-order'],
  ])('%s %s (personal, even when refused): Cache-Control no-store', async (method, path) => {
    const response = await fetch(`${server.baseUrl}${path}`, {
      method,
      headers: { 'Content-Type': 'application/json', 'X-Forwarded-For': '203.0.113.77' },
      body: method === 'POST' ? '{}' : undefined,
    });
    expect(response.headers.get('cache-control')).toBe('no-store');
  });

  test('the public catalogue is not marked no-store', async () => {
    const response = await fetch(`${server.baseUrl}/v2/public/menus`);
    expect(response.headers.get('cache-control')).not.toBe('no-store');
  });
});
