import { describe, expect, test } from 'vitest';
import { safeRedirect } from './auth-store.ts';

describe('safeRedirect: where /auth/login?redirect= may send the visitor (docs/decisions/009)', () => {
  test.each([
    ['/profile/ViewOrders', '/profile/ViewOrders'],
    ['/fr/checkout?tab=personal', '/fr/checkout?tab=personal'],
  ])('%j is followed', (input, expected) => {
    expect(safeRedirect(input)).toBe(expected);
  });

  test.each([
    // What URLSearchParams gives for redirect=%2F%09%2Fevil.example: the browser drops the tab → //evil.example.
    '/\t/evil.example',
    '/\n/evil.example',
    '//evil.example',
    '/\\evil.example',
    'https://evil.example',
    'javascript:alert(1)',
    '/auth/login',
    '/fr/auth',
    '/auth?x=1',
    null,
    undefined,
  ])('%j is refused', (input) => {
    expect(safeRedirect(input)).toBeNull();
  });
});
