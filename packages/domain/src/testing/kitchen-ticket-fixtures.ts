import type { KitchenTicketOrder } from '../kitchen-ticket.ts';

/**
 * A delivery order as the board carries it (euros, ISO instants), for the kitchen ticket's tests
 * (packages/domain/src/kitchen-ticket.test.ts, apps/api/src/modules/printing/encode.test.ts): French
 * accents, « Œ », an option taken twice, a note, allergens, a coupon, a counter payment still due.
 * Lines carry the category the order stored: 1 = plats, 2 = desserts, 3 = boissons.
 */
export const ticketOrder: KitchenTicketOrder = {
  order_id: 1042,
  is_pickup: false,
  is_scheduled: true,
  column: 'in_progress',
  delivery_date: '2026-12-03',
  delivery_time_range: '12:30-12:45',
  location: { address: '12 rue Sainte-Catherine', address2: 'Bâtiment B, 3e étage', postal_code: '33000', city: 'Bordeaux' },
  payment_method: 'cash',
  payment_test_mode: false,
  payments: { summary: 'espèces 10,00 €', paid: 10, due: 21.4 },
  customer: { first_name: 'Zoé', last_name: 'Lefèvre', phone: '+33612345678' },
  created_at: '2026-12-03T11:05:00.000Z',
  placed_at: '2026-12-03T11:06:00.000Z',
  ready_at: '2026-12-03T11:35:00.000Z',
  subtotal: 30.4,
  discount: 2,
  delivery: 3,
  tax: 2.58,
  total: 31.4,
  coupon_code: 'NOEL',
  applied_offers: [{ name: 'Noël', type: 'fixed', amount: 2, is_coupon: true }],
  items: [
    {
      item_id: 11,
      item_name: 'Œuf cocotte aux cèpes',
      quantity: 2,
      note: 'bien cuit, sans poivre',
      options: [
        { name: 'Pain de campagne grillé', quantity: 1 },
        { name: 'Supplément crème fraîche', quantity: 2 },
      ],
      allergens: ['Œufs', 'Lait', 'Gluten'],
      item_category_id: 1,
    },
    { item_id: 21, item_name: 'Crème brûlée', quantity: 1, note: '', options: [], allergens: ['Lait', 'Œufs'], item_category_id: 2 },
    { item_id: 31, item_name: 'Limonade artisanale', quantity: 2, note: '', options: [], allergens: [], item_category_id: 3 },
  ],
  free_items: [{ item_id: 22, item_name: 'Madeleine', quantity: 1, item_category_id: 2 }],
};

/** The board's clock for `ticketOrder`: 3 December 2026, 12:10 in Paris. */
export const ticketNow = new Date('2026-12-03T11:10:00.000Z');
