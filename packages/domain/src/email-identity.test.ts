import { describe, expect, test } from 'vitest';
import { calculateMailboxKey, mailboxRules } from './email-identity.ts';

/** The mailbox key of once-only offers (docs/decisions/003). */

describe('calculateMailboxKey', () => {
  test.each([
    // Case and spaces, everywhere.
    ['Marie.Dupont@Example.FR', 'marie.dupont@example.fr'],
    ['  marie@orange.fr ', 'marie@orange.fr'],
    // Gmail: dots and +tag ignored; googlemail.com is the same mailbox.
    ['marie.dupont@gmail.com', 'mariedupont@gmail.com'],
    ['m.a.r.i.e.dupont+1@gmail.com', 'mariedupont@gmail.com'],
    ['MarieDupont+bienvenue10@GMAIL.com', 'mariedupont@gmail.com'],
    ['marie.dupont+a.b@googlemail.com', 'mariedupont@gmail.com'],
    ['marie..dupont@gmail.com', 'mariedupont@gmail.com'],
    // +tag only: the dots are part of the name there.
    ['marie.dupont+1@outlook.fr', 'marie.dupont@outlook.fr'],
    ['marie.dupont+promo@hotmail.com', 'marie.dupont@hotmail.com'],
    ['marie+x@icloud.com', 'marie@icloud.com'],
    ['marie+x+y@proton.me', 'marie@proton.me'],
    ['marie+x@fastmail.com', 'marie@fastmail.com'],
    // Other domains: as typed (lower case), a + and dots may name another person.
    ['marie+1@example.fr', 'marie+1@example.fr'],
    ['marie.dupont@orange.fr', 'marie.dupont@orange.fr'],
    ['marie+1@laposte.net', 'marie+1@laposte.net'],
    // A gmail look-alike is not Gmail.
    ['marie.dupont+1@gmail.com.example.fr', 'marie.dupont+1@gmail.com.example.fr'],
    // Degenerate local parts keep something to compare.
    ['+tag@gmail.com', '+tag@gmail.com'],
    ['...@gmail.com', '...@gmail.com'],
    // A trailing dot on the domain names the same domain.
    ['marie+1@gmail.com.', 'marie@gmail.com'],
    // No @: only trimmed and lower-cased.
    [' Pas-Une-Adresse ', 'pas-une-adresse'],
  ])('%j → %j', (email, key) => {
    expect(calculateMailboxKey(email)).toBe(key);
  });

  test('the same key for every spelling of one Gmail mailbox, another key for another person', () => {
    const spellings = ['jean.martin@gmail.com', 'JeanMartin@gmail.com', 'jean.martin+1@gmail.com', 'j.e.a.n.martin+bienvenue@googlemail.com'];
    expect(new Set(spellings.map(calculateMailboxKey))).toEqual(new Set(['jeanmartin@gmail.com']));
    expect(calculateMailboxKey('jean.martin2@gmail.com')).not.toBe('jeanmartin@gmail.com');
  });

  test('is idempotent: a key is its own key', () => {
    for (const email of ['a.b+c@gmail.com', 'a.b+c@outlook.com', 'A.B+C@example.fr', 'x@googlemail.com']) {
      const key = calculateMailboxKey(email);
      expect(calculateMailboxKey(key)).toBe(key);
    }
  });

  test('every listed domain is lower case and maps to a listed domain', () => {
    for (const [domain, rule] of Object.entries(mailboxRules)) {
      expect(domain).toBe(domain.toLowerCase());
      if (rule.canonicalDomain) expect(mailboxRules[rule.canonicalDomain]).toBeDefined();
    }
  });
});
