import { describe, test, expect } from 'vitest';
import { messageParts, messages } from './messages.ts';
import * as account from './messages/account.ts';
import * as board from './messages/board.ts';
import * as cart from './messages/cart.ts';
import * as checkout from './messages/checkout.ts';
import * as delivery from './messages/delivery.ts';
import * as errors from './messages/errors.ts';
import * as escalation from './messages/escalation.ts';
import * as legal from './messages/legal.ts';
import * as mail from './messages/mail.ts';
import * as menu from './messages/menu.ts';
import * as orders from './messages/orders.ts';
import * as payment from './messages/payment.ts';
import * as pwa from './messages/pwa.ts';
import * as receipts from './messages/receipts.ts';
import * as site from './messages/site.ts';
import * as staff from './messages/staff.ts';
import * as tracking from './messages/tracking.ts';

const features = { account, board, cart, checkout, delivery, errors, escalation, legal, mail, menu, orders, payment, pwa, receipts, site, staff, tracking };

describe('the French catalogue (docs/decisions/018)', () => {
  test('a key of `messages` lives in exactly one feature, and `messages` holds them all', () => {
    const seen = new Map<string, string>();
    for (const [part, entries] of Object.entries(messageParts)) {
      for (const key of Object.keys(entries)) {
        expect(seen.get(key), `${key} is in ${seen.get(key)} and ${part}`).toBeUndefined();
        seen.set(key, part);
      }
    }
    expect(Object.keys(messages).sort()).toEqual([...seen.keys()].sort());
  });

  test('the historical keys keep their words', () => {
    expect(messages.required).toBe('Ce champ est obligatoire.');
    expect(messages.pricesChanged).toBe('Les prix ont changé depuis votre dernière visite. Vérifiez le nouveau total avant de confirmer.');
    expect(messages.tooManyAttempts(1)).toBe('Trop de tentatives. Réessayez dans 1 minute.');
    expect(messages.tooManyAttempts(5)).toBe('Trop de tentatives. Réessayez dans 5 minutes.');
    expect(messages.backHome).toBe("Retour à l'accueil");
  });

  test('every entry of every feature is a non-empty text or a function of its variable parts', () => {
    for (const [feature, module] of Object.entries(features)) {
      for (const [name, group] of Object.entries(module)) {
        for (const [key, value] of Object.entries(group as Record<string, unknown>)) {
          const where = `${feature}.${name}.${key}`;
          if (typeof value === 'string') expect(value.trim(), where).not.toBe('');
          else expect(typeof value, `${where} is neither a text nor a function`).toBe('function');
        }
      }
    }
  });

  test('the scheduling words the e-mails and the storefront share', () => {
    expect(checkout.scheduleMessages.asSoonAsPossible).toBe('dès que possible');
    expect(checkout.scheduleMessages.onDayAtSlot('mercredi 25 novembre', '12:30–12:45')).toBe('le mercredi 25 novembre, 12:30–12:45');
    expect(delivery.locationMessages.queryTooShort).toBe('Tapez au moins 3 caractères.');
  });
});
