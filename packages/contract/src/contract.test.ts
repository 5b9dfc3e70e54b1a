import { describe, expect, expectTypeOf, test } from 'vitest';
import type { Category as DomainCategory, Menu as DomainMenu, MenuItem as DomainMenuItem } from '@resto/domain/catalogue';
import type { Offer as DomainOffer } from '@resto/domain/offers';
import type { DeliveryRefusal as DomainRefusal, LocationSuggestion as DomainSuggestion, DistanceRecord } from '@resto/domain/location';
import type { Receipt as DomainReceipt } from '@resto/domain/receipt';
import type { User as DomainUser } from '@resto/domain/account';
import { MenuSchema, OfferSchema, type Category, type Menu, type MenuItem, type Offer } from './catalog.ts';
import type { DeliveryRefusal, DistanceAnswer, LocationSuggestion } from './locations.ts';
import type { Receipt } from './receipts.ts';
import type { User } from './auth.ts';
import { ErrorBodySchema } from './errors.ts';
import { successBody } from './common.ts';

/** The distance call's answer as packages/domain builds it: the record and the refusal. */
interface DomainDistanceAnswer extends DistanceRecord {
  refusal: DomainRefusal | null;
}

/*
 * The answers' schemas describe the same shapes as the domain's interfaces (the domain computes
 * them, the contract publishes them): a change on one side without the other fails the typecheck.
 */
describe('contract shapes and the domain types', () => {
  test('catalogue, offers, locations, receipts and users agree', () => {
    expectTypeOf<Menu>().toEqualTypeOf<DomainMenu>();
    expectTypeOf<Category>().toEqualTypeOf<DomainCategory>();
    expectTypeOf<MenuItem>().toEqualTypeOf<DomainMenuItem>();
    expectTypeOf<Offer>().toEqualTypeOf<DomainOffer>();
    expectTypeOf<LocationSuggestion>().toEqualTypeOf<DomainSuggestion>();
    expectTypeOf<DeliveryRefusal>().toEqualTypeOf<DomainRefusal>();
    expectTypeOf<DistanceAnswer>().toEqualTypeOf<DomainDistanceAnswer>();
    expectTypeOf<Receipt>().toEqualTypeOf<DomainReceipt>();
    expectTypeOf<User>().toEqualTypeOf<DomainUser>();
  });

  test('a success envelope parses its payload and refuses another shape', () => {
    const offers = successBody(OfferSchema.array());
    expect(offers.safeParse({ status: 'success', payload: [] }).success).toBe(true);
    expect(offers.safeParse({ status: 'success', payload: [{ id: 1 }] }).success).toBe(false);
    expect(successBody(MenuSchema).safeParse({ status: 'error', payload: null }).success).toBe(false);
  });

  test('an error body needs a known code', () => {
    expect(ErrorBodySchema.safeParse({ status: 'error', code: 'invalid_json', message: 'x', errors: [] }).success).toBe(true);
    expect(ErrorBodySchema.safeParse({ status: 'error', code: 'no_such_code', message: 'x', errors: [] }).success).toBe(false);
  });
});
