import { describe, expect, test } from 'vitest';
import { keysToRemove } from './storage-keys.ts';
import { isStale, staleAfterMs } from './stale-data.ts';
import { isOverStorageLimit, storageLimitBytes } from './storage-quota.ts';
import { chunkReloadGuardMs, isChunkLoadError, mayReloadForChunk } from './chunk-reload.ts';
import { detectAppleSafari, hasSavedAddress, installBannerHiddenOn, installTiming, nextInstallCheck, type InstallConditions } from './install-gate.ts';
import { isNewBuild, parseBuildInfo } from './version-check.ts';

describe('start-up key cleanup (spec section 9) and the pwa-installed clash', () => {
  test('removes cache-, pwa- and workbox- keys, keeps pwa-installed and every other key', () => {
    const keys = [
      'cache-menus',
      'pwa-old-state',
      'workbox-expiration',
      'pwa-installed',
      'vite-pwa:hide-install',
      'cookie-consent',
      'cart',
      'location',
      'my-cache-x',
    ];
    expect(keysToRemove(keys)).toEqual(['cache-menus', 'pwa-old-state', 'workbox-expiration']);
  });
});

describe('stale data (spec section 4: over 2880 minutes)', () => {
  const now = Date.UTC(2026, 10, 24, 12);
  test.each([
    ['first visit', null, false],
    ['47 h ago', String(now - 47 * 3600_000), false],
    ['exactly 48 h ago', String(now - staleAfterMs), false],
    ['48 h and 1 ms ago', String(now - staleAfterMs - 1), true],
    ['49 h ago', String(now - 49 * 3600_000), true],
    ['garbage', 'abc', false],
    ['in the future', String(now + 1000), false],
  ])('%s → %s', (_label, last, stale) => expect(isStale(last, now)).toBe(stale));
});

test('storage limit is 50 MB (spec section 9)', () => {
  expect(isOverStorageLimit(storageLimitBytes)).toBe(false);
  expect(isOverStorageLimit(storageLimitBytes + 1)).toBe(true);
  expect(isOverStorageLimit(undefined)).toBe(false);
});

describe('chunk reload guard (spec section 8: once, 10 s per path)', () => {
  test('first failure reloads; again within 10 s does not; after 10 s it may', () => {
    const now = 1_000_000;
    expect(mayReloadForChunk({}, '/menu', now)).toBe(true);
    expect(mayReloadForChunk({ '/menu': now - 9_999 }, '/menu', now)).toBe(false);
    expect(mayReloadForChunk({ '/menu': now - chunkReloadGuardMs }, '/menu', now)).toBe(true);
    expect(mayReloadForChunk({ '/menu': now - 1 }, '/checkout', now)).toBe(true);
  });
  test('recognises the browsers’ chunk errors only', () => {
    expect(isChunkLoadError(new TypeError('Failed to fetch dynamically imported module: http://x/assets/a.js'))).toBe(true);
    expect(isChunkLoadError(new TypeError('error loading dynamically imported module'))).toBe(true);
    expect(isChunkLoadError(new Error('Cannot read properties of undefined'))).toBe(false);
  });
});

describe('install banner gating (spec section 4)', () => {
  const location = JSON.stringify({ is_pickup: false, _distance: { address: '12 rue de la République, 69002 Lyon' } });
  const ok: InstallConditions = { consent: 'true', location, promptAvailable: true, installedOrHidden: false };

  test('saved address: a non-empty _distance.address', () => {
    expect(hasSavedAddress(location)).toBe(true);
    expect(hasSavedAddress(JSON.stringify({ is_pickup: true, _distance: { address: ' ' } }))).toBe(false);
    expect(hasSavedAddress(JSON.stringify({ is_pickup: true }))).toBe(false);
    expect(hasSavedAddress('not json')).toBe(false);
    expect(hasSavedAddress(null)).toBe(false);
    // The same object inside a zustand-persist envelope.
    expect(hasSavedAddress(JSON.stringify({ state: { is_pickup: false, _distance: { address: '1 rue X, 69001 Lyon' } }, version: 0 }))).toBe(true);
    expect(hasSavedAddress(JSON.stringify({ state: { is_pickup: true, _distance: null }, version: 0 }))).toBe(false);
  });

  test.each([
    ['all conditions', ok, 'ready'],
    ['consent refused', { ...ok, consent: 'false' }, 'retry'],
    ['no consent yet', { ...ok, consent: null }, 'retry'],
    ['no address', { ...ok, location: null }, 'retry'],
    ['no prompt', { ...ok, promptAvailable: false }, 'retry'],
    ['dismissed before', { ...ok, installedOrHidden: true }, 'give-up'],
  ] as const)('%s at the first check → %s', (_label, conditions, kind) => {
    expect(nextInstallCheck(conditions, installTiming.firstCheckMs).kind).toBe(kind);
  });

  test('polls every second from 2 s and gives up at 15 s', () => {
    const waiting = { ...ok, promptAvailable: false };
    const checks: number[] = [];
    let elapsed: number = installTiming.firstCheckMs;
    for (;;) {
      checks.push(elapsed);
      const next = nextInstallCheck(waiting, elapsed);
      if (next.kind !== 'retry') break;
      elapsed += next.inMs;
    }
    expect(checks[0]).toBe(2000);
    expect(checks.at(-1)).toBe(15_000);
    expect(checks).toHaveLength(14);
    // Conditions met at the last check still count.
    expect(nextInstallCheck(ok, 15_000).kind).toBe('ready');
  });

  test('Apple devices get the manual guide', () => {
    expect(
      detectAppleSafari(
        'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Mobile/15E148 Safari/604.1',
        5,
      ),
    ).toBe('ios');
    expect(detectAppleSafari('Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Safari/605.1.15', 5)).toBe(
      'ios',
    );
    expect(detectAppleSafari('Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Safari/605.1.15', 0)).toBe(
      'mac',
    );
    expect(
      detectAppleSafari('Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0 Safari/537.36', 0),
    ).toBeNull();
    expect(detectAppleSafari('Mozilla/5.0 (Linux; Android 14) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0 Mobile Safari/537.36', 5)).toBeNull();
  });
});

test('new version: a different build id in /builds/latest.json', () => {
  expect(isNewBuild('a', parseBuildInfo({ id: 'b', timestamp: 1 }))).toBe(true);
  expect(isNewBuild('a', parseBuildInfo({ id: 'a', timestamp: 1 }))).toBe(false);
  expect(isNewBuild('a', parseBuildInfo('<html>'))).toBe(false);
  expect(parseBuildInfo({ id: '', timestamp: 1 })).toBeNull();
});

describe('installBannerHiddenOn: never over the checkout', () => {
  test.each([
    ['/checkout', true],
    ['/fr/checkout', true],
    ['/checkout/', true],
    ['/menu', false],
    ['/success', false],
    ['/', false],
    ['/checkout-help', false],
  ])('%s → %s', (pathname, hidden) => {
    expect(installBannerHiddenOn(pathname)).toBe(hidden);
  });
});
