import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, test } from 'vitest';
import { demoRestaurantPath } from './demo-restaurant.ts';

/** Every text of the French catalogue (packages/copy/src/<area>/<feature>.ts and words.ts): strings, and the source of the functions with variable parts. */
async function catalogueTexts(): Promise<{ where: string; text: string }[]> {
  const folder = fileURLToPath(new URL('../../../../packages/copy/src/', import.meta.url));
  const texts: { where: string; text: string }[] = [];
  const files = readdirSync(folder, { recursive: true, encoding: 'utf8' }).map((name) => name.split('\\').join('/'));
  for (const file of files.filter((name) => name.endsWith('.ts') && !name.endsWith('.test.ts'))) {
    const module = (await import(`@resto/copy/${file.replace(/\.ts$/, '')}`)) as Record<string, unknown>;
    for (const [group, entries] of Object.entries(module)) {
      if (!entries || typeof entries !== 'object') continue;
      for (const [key, value] of Object.entries(entries as Record<string, unknown>)) {
        const where = `${file}: ${group}.${key}`;
        if (typeof value === 'string') texts.push({ where, text: value });
        // A function's words are in its source: its literal parts are what it always says.
        else if (typeof value === 'function') texts.push({ where, text: String(value) });
      }
    }
  }
  return texts;
}

describe('the demo restaurant stays in its file', () => {
  test('no text of the catalogue carries the demo restaurant’s own data (a coupon code, its name, address, phone or e-mail)', async () => {
    const demo = JSON.parse(readFileSync(demoRestaurantPath, 'utf8')) as { settings: Record<string, unknown>; coupons: { code: string | null }[] };
    const present = (value: unknown): value is string => typeof value === 'string' && value.length > 0;
    // A code is a word in capitals (« BIENVENUE10 », « EXPIRE »): matched as such, so « expire » in a sentence is no leak.
    const codes = demo.coupons.map((coupon) => coupon.code).filter(present);
    const contacts = ['contacts.name', 'contacts.address', 'contacts.phone', 'contacts.email'].map((key) => demo.settings[key]).filter(present);
    expect(codes.length).toBeGreaterThan(1);
    expect(contacts).toHaveLength(4);
    const texts = await catalogueTexts();
    expect(texts.length).toBeGreaterThan(500);
    const leaks = texts.flatMap(({ where, text }) =>
      [
        ...codes.filter((code) => new RegExp(`\\b${code}\\b`).test(text)),
        ...contacts.filter((contact) => text.toLowerCase().includes(contact.toLowerCase())),
      ].map((value) => `${where} says ${value}`),
    );
    expect(leaks).toEqual([]);
  });
});
