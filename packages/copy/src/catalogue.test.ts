import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, test, expect } from 'vitest';
import { words } from './words.ts';
import { staffWords } from './staff/words.ts';
import { storefrontWords } from './storefront/words.ts';
import { requestErrors } from './errors/request.ts';
import { orderAnswers } from './errors/orders.ts';
import { accountAnswers } from './storefront/account.ts';
import { paymentAnswers } from './storefront/payment.ts';
import { deliveryAnswers, locationMessages } from './storefront/location.ts';
import { offerAnswers } from './storefront/cart.ts';
import { errorPage } from './storefront/site.ts';
import { pwaOverlays } from './storefront/pwa.ts';
import { receiptAnswers } from './documents/receipts.ts';
import { scheduleMessages } from './storefront/checkout.ts';

/** The catalogue's files, from packages/copy/src: `storefront/checkout.ts`… (tests and the words files aside). */
function catalogueFiles(): string[] {
  const root = fileURLToPath(new URL('.', import.meta.url));
  return readdirSync(root, { recursive: true, encoding: 'utf8' })
    .filter((name) => name.endsWith('.ts') && !name.endsWith('.test.ts') && !name.endsWith('words.ts'))
    .map((name) => name.split('\\').join('/'))
    .sort();
}

/** Every group of the catalogue as `<file>: <export>` → its entries. */
async function catalogueGroups(): Promise<[string, Record<string, unknown>][]> {
  const groups: [string, Record<string, unknown>][] = [];
  for (const file of catalogueFiles()) {
    const module = (await import(`./${file.replace(/\.ts$/, '')}.ts`)) as Record<string, unknown>;
    for (const [name, group] of Object.entries(module)) {
      if (group && typeof group === 'object') groups.push([`${file}: ${name}`, group as Record<string, unknown>]);
    }
  }
  return groups;
}

/** The groups the API answers with (error envelopes and confirmations, spec section 8). */
const apiAnswers = { requestErrors, accountAnswers, orderAnswers, paymentAnswers, deliveryAnswers, offerAnswers, errorPage, pwaOverlays, receiptAnswers } as const;

describe('the French catalogue', () => {
  test('a key of the API’s answers lives in exactly one group', () => {
    const seen = new Map<string, string>();
    for (const [part, entries] of Object.entries(apiAnswers)) {
      for (const key of Object.keys(entries)) {
        expect(seen.get(key), `${key} is in ${seen.get(key)} and ${part}`).toBeUndefined();
        seen.set(key, part);
      }
    }
    expect(seen.size).toBeGreaterThan(100);
  });

  test('the historical keys keep their words', () => {
    expect(requestErrors.required).toBe('Ce champ est obligatoire.');
    expect(orderAnswers.pricesChanged).toBe('Les prix ont changé depuis votre dernière visite. Vérifiez le nouveau total avant de confirmer.');
    expect(accountAnswers.tooManyAttempts(1)).toBe('Trop de tentatives. Réessayez dans 1 minute.');
    expect(accountAnswers.tooManyAttempts(5)).toBe('Trop de tentatives. Réessayez dans 5 minutes.');
    expect(errorPage.backHome).toBe("Retour à l'accueil");
  });

  test('every entry of every group is a non-empty text or a function of its variable parts', async () => {
    const groups = await catalogueGroups();
    expect(groups.length).toBeGreaterThan(100);
    for (const [name, group] of groups) {
      for (const [key, value] of Object.entries(group)) {
        const where = `${name}.${key}`;
        if (typeof value === 'string') expect(value.trim(), where).not.toBe('');
        else if (typeof value !== 'function') expect(typeof value, `${where} is neither a text, a function nor a table of them`).toBe('object');
        else expect(typeof value, `${where} is neither a text nor a function`).toBe('function');
      }
    }
  });

  test('the scheduling words the e-mails and the storefront share', () => {
    expect(scheduleMessages.asSoonAsPossible).toBe('dès que possible');
    expect(scheduleMessages.onDayAtSlot('mercredi 25 novembre', '12:30–12:45')).toBe('le mercredi 25 novembre, 12:30–12:45');
    expect(locationMessages.queryTooShort).toBe('Tapez au moins 3 caractères.');
  });

  test('keys say what a text is for: none is numbered', async () => {
    const numbered = (await catalogueGroups()).flatMap(([name, group]) =>
      Object.keys(group)
        .filter((key) => /[a-z]\d+$|^n\d/i.test(key))
        .map((key) => `${name}.${key}`),
    );
    expect(numbered).toEqual([]);
  });

  test('a text said alike in two places is written once, in a words file (words.ts, staff/words.ts, storefront/words.ts)', () => {
    // A plain text given to a key: `  key: 'Texte',` (the catalogue's files are formatted so).
    const literal = /^\s+[\w'.]+: ('(?:[^'\\]|\\.)*'|"(?:[^"\\]|\\.)*"),?$/;
    const seen = new Map<string, string>();
    const twice: string[] = [];
    const root = new URL('.', import.meta.url);
    for (const file of catalogueFiles()) {
      for (const line of readFileSync(new URL(file, root), 'utf8').split('\n')) {
        const match = literal.exec(line);
        if (!match?.[1]) continue;
        const text = (0, eval)(match[1]) as string;
        if (seen.has(text)) twice.push(`${JSON.stringify(text)} in ${seen.get(text)} and ${file}`);
        else seen.set(text, file);
      }
    }
    expect(twice).toEqual([]);
    const shared = [...Object.values(words), ...Object.values(staffWords), ...Object.values(storefrontWords)];
    expect(new Set(shared).size, 'a word is in two words files').toBe(shared.length);
    for (const text of shared) expect(seen.has(text), `${JSON.stringify(text)} is in a words file and written again`).toBe(false);
  });
});
