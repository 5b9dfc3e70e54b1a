import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { eq } from 'drizzle-orm';
import { paymentAnswers } from '@resto/copy/storefront/payment';
import { mealVoucherSplit } from '@resto/domain/meal-vouchers';
import { centsToEuros } from '@resto/domain/money';
import { formatPrice } from '@resto/domain/format';
import { orders } from '../../db/schema.ts';
import { buildOrderPayload, fetchCatalogue, findItem, getJson, payloadOf, postOrder, priceLines, startTestServer, type TestServer } from '../../test/harness.ts';
import { expectError, setSetting } from '../payments/test-helpers.ts';
import { catalogChanged } from '../catalog/index.ts';
import type { OrderView } from '@resto/contract/orders';

/** Changes a setting of the running app (the catalogue is rebuilt at once, as after an import in this process). */
async function changeSetting(name: string, value: unknown) {
  await setSetting(server.db, name, value);
  catalogChanged.dispatchEvent(new Event('change'));
}

/**
 * Meal vouchers at checkout (docs/decisions/012): the order stores the choice
 * and the amount the server computed, the read-back and the e-mails show it, and it is refused
 * when the restaurant does not take vouchers, with card, or with nothing eligible. Real HTTP.
 */

// 2025-11-28 is a Friday, 12:00 in Paris: menu 1 is open, no weekday promotion.
const now = new Date('2025-11-28T11:00:00Z');
let server: TestServer;
const pizza = 106; // Pizza Reine, 13 € to take away
const beer = 128; // Bière blonde, alcoholic in the demo file
const water = 126;

beforeAll(async () => {
  server = await startTestServer({ clock: () => now });
});
afterAll(async () => {
  await server?.close();
});


async function readBack(orderId: number, localId: string) {
  return payloadOf(await getJson<OrderView>(server.baseUrl, `/v2/public/checkout/${orderId}?local_id=${localId}`));
}

describe('an order paid partly with meal vouchers', () => {
  test('the server computes the voucher amount itself (the beer left out), stores it and shows it', async () => {
    const lines = [
      { itemId: pizza, quantity: 1 },
      { itemId: beer, quantity: 1 },
      { itemId: water, quantity: 1 },
    ];
    const email = 'titre.resto@example.fr';
    // The browser claims 999 € payable in vouchers: an unknown field, never read.
    const payload = { ...(await buildOrderPayload(server, { lines, customer: { first_name: 'Paul', last_name: 'Roux', email, phone: '06 12 34 56 78' } })), meal_voucher: true, meal_voucher_amount: 999 };
    const response = await postOrder(server.baseUrl, payload);
    expect(response.status).toBe(201);
    const orderId = payloadOf(response).order_id;

    const catalogue = await fetchCatalogue(server.baseUrl);
    expect(findItem(catalogue, beer).item_is_alcoholic).toBe(true);
    expect(findItem(catalogue, pizza).item_is_alcoholic).toBe(false);
    const { totals } = priceLines(catalogue, lines, now);
    const expected = mealVoucherSplit({
      lines: lines.map((line, index) => ({ amountCents: totals.lines[index]!.amountCents, alcoholic: line.itemId === beer })),
      discountCents: totals.discountCents,
      deliveryCents: totals.deliveryCents,
      totalCents: totals.totalCents,
      dailyLimitCents: 2500,
    });
    expect(expected.voucherCents).toBe(1550); // 13 € pizza + 2.50 € water, not the 4.50 € beer
    const [row] = await server.db.select({ mealVoucher: orders.mealVoucher, cents: orders.mealVoucherCents }).from(orders).where(eq(orders.orderId, orderId));
    expect(row).toEqual({ mealVoucher: true, cents: 1550 });

    const view = await readBack(orderId, payload.local_id);
    expect(view).toMatchObject({ payment_method: 'cash', meal_voucher: true, meal_voucher_amount: 15.5, total: centsToEuros(totals.totalCents) });

    const phrase = `dont ${formatPrice(1550)} payables en titre-restaurant`;
    const customer = await server.mail.waitFor((m) => m.to === email);
    const kitchen = await server.mail.waitFor((m) => m.to === 'bonjour@chez-margot.example' && m.subject.includes(`n° ${orderId}`));
    for (const text of [customer.text, customer.html, kitchen.text, kitchen.html]) expect(text).toContain(phrase);
  });

  test('capped by the daily limit (25 € by default)', async () => {
    const payload = { ...(await buildOrderPayload(server, { lines: [{ itemId: pizza, quantity: 3 }] })), meal_voucher: true };
    const response = await postOrder(server.baseUrl, payload);
    expect(response.status).toBe(201);
    const view = await readBack(payloadOf(response).order_id, payload.local_id);
    expect(view).toMatchObject({ meal_voucher: true, meal_voucher_amount: 25, total: 39 });
    // The receipt says it too (docs/decisions/012: "the receipt shows it").
    const secret = (payloadOf(response) as unknown as { secret: string }).secret;
    const receipt = payloadOf(await getJson<{ payment: { meal_voucher_amount: number; method_label: string } }>(server.baseUrl, `/v2/public/receipts/${secret}`));
    expect(receipt.payment).toMatchObject({ meal_voucher_amount: 25, method_label: expect.stringContaining(`dont ${formatPrice(2500)} payables en titre-restaurant`) });
  });

  test('without vouchers, the order says so', async () => {
    const payload = await buildOrderPayload(server);
    const response = await postOrder(server.baseUrl, payload);
    const view = await readBack(payloadOf(response).order_id, payload.local_id);
    expect(view).toMatchObject({ meal_voucher: false, meal_voucher_amount: 0 });
  });

  test('refused with a card payment (vouchers are paid on site)', async () => {
    const payload = { ...(await buildOrderPayload(server, { payment_method: 'card' })), meal_voucher: true };
    expectError(await postOrder(server.baseUrl, payload), 422, paymentAnswers.mealVoucherCashOnly);
  });

  test('refused when nothing in the cart is eligible (alcohol only)', async () => {
    const payload = { ...(await buildOrderPayload(server, { lines: [{ itemId: beer, quantity: 2 }] })), meal_voucher: true };
    expectError(await postOrder(server.baseUrl, payload), 422, paymentAnswers.mealVoucherNothingEligible);
  });

  test('a meal_voucher that is not a boolean is refused in French', async () => {
    const payload = { ...(await buildOrderPayload(server)), meal_voucher: 'oui' };
    const error = expectError(await postOrder(server.baseUrl, payload), 400);
    expect(error.errors).toContainEqual({ path: 'meal_voucher', message: paymentAnswers.mealVoucherInvalid });
  });
});

describe('when the restaurant does not take meal vouchers', () => {
  test('an order with meal_voucher is refused; the same order without it passes', async () => {
    await changeSetting('payments.meal_voucher.active', false);
    try {
      const payload = { ...(await buildOrderPayload(server)), meal_voucher: true };
      expectError(await postOrder(server.baseUrl, payload), 422, paymentAnswers.mealVoucherDisabled);
      expect((await postOrder(server.baseUrl, { ...payload, meal_voucher: false })).status).toBe(201);
    } finally {
      await changeSetting('payments.meal_voucher.active', true);
    }
  });
});
