import { describe, expect, test } from 'vitest';
import { readEnv } from './env.ts';

describe('SITE_URL (docs/decisions/009: absolute URLs never from the Host header)', () => {
  test('unset: http://localhost and the port', () => {
    expect(readEnv({}).siteUrl).toBe('http://localhost:3000');
    expect(readEnv({ PORT: '3550' }).siteUrl).toBe('http://localhost:3550');
    expect(readEnv({ SITE_URL: '' }).siteUrl).toBe('http://localhost:3000');
  });

  test.each([
    ['https://chez-margot.fr', 'https://chez-margot.fr'],
    ['https://chez-margot.fr/', 'https://chez-margot.fr'],
    ['HTTPS://Chez-Margot.FR', 'https://chez-margot.fr'],
    ['http://localhost:8080', 'http://localhost:8080'],
  ])('%s is the origin %s', (value, origin) => {
    expect(readEnv({ SITE_URL: value }).siteUrl).toBe(origin);
  });

  test.each(['chez-margot.fr', 'ftp://chez-margot.fr', 'https://chez-margot.fr/boutique', 'https://chez-margot.fr/?a=1', 'https://user@chez-margot.fr', 'javascript:alert(1)'])(
    '%s is refused with a French message',
    (value) => {
      expect(() => readEnv({ SITE_URL: value })).toThrow(/SITE_URL est une origine http\(s\) sans chemin/);
    },
  );
});
