import { describe, expect, test } from 'vitest';
import { sameSitePath } from './redirect.ts';

describe('sameSitePath (docs/decisions/009: only a same-site path after login)', () => {
  test.each([
    '/',
    '/profile',
    '/profile/ViewOrders?page=2',
    '/fr/checkout?tab=personal',
    '/menu?product=105#top',
    '/menu?q=a%20b',
    '/%2F/not-a-host', // an encoded slash stays in the path: still this site
  ])('%j is kept as is', (path) => {
    expect(sameSitePath(path)).toBe(path);
  });

  test.each([
    ['empty', ''],
    ['not a string', 42],
    ['null', null],
    ['protocol-relative', '//evil.example'],
    ['protocol-relative with path', '//evil.example/profile'],
    ['backslash after the slash', '/\\evil.example'],
    ['two backslashes', '\\\\evil.example'],
    ['backslash later in the path', '/profile\\..\\\\evil.example'],
    ['still percent-encoded //', '%2F%2Fevil.example'],
    ['tab between the slashes (the report: %2F%09%2Fevil.example)', '/\t/evil.example'],
    ['newline between the slashes', '/\n/evil.example'],
    ['carriage return between the slashes', '/\r/evil.example'],
    ['NUL', '/\u0000/evil.example'],
    ['leading space', ' /profile'],
    ['no-break space', '/\u00a0/evil.example'],
    ['zero-width space', '/\u200b/evil.example'],
    ['javascript:', 'javascript:alert(1)'],
    ['javascript: behind a slash-less scheme case', 'JaVaScRiPt:alert(1)'],
    ['data:', 'data:text/html,<script>alert(1)</script>'],
    ['absolute https URL', 'https://evil.example/'],
    ['absolute http URL with one slash', 'http:/evil.example'],
    ['scheme-relative with a tab first', '\t//evil.example'],
    ['relative path', 'profile'],
    ['dot segments that end up as //', '/.//evil.example'],
    ['dot-dot segments that end up as //', '/a/..//evil.example'],
    ['too long', `/${'a'.repeat(2000)}`],
  ])('%s is refused', (_label, input) => {
    expect(sameSitePath(input)).toBeNull();
  });

  test('what is kept never leaves the origin once a browser resolves it', () => {
    const nasty = ['/\t/evil', '/x', '//evil', '/./x', '/.//x', '/%09/x', '/%5Cevil', '/?//evil', '/#//evil'];
    for (const input of nasty) {
      const kept = sameSitePath(input);
      if (kept !== null) expect(new URL(kept, 'https://chez-margot.example/').origin).toBe('https://chez-margot.example');
    }
  });
});
