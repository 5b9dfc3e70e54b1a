import type { EntryBody } from '@resto/domain/books';

/** Shared by the books' benches (books-closure.ts, books-verify.ts, books-report.ts): one counter sale's entries, the service's hours, Paris instants. */

/** A receipt of two lines at 10 % and 20 % (18,00 € TTC) and its payment: what the counter writes for one order. Every third is a delivery; cash or the card terminal in turn. */
export function counterSale(orderId: number, receipt = orderId): EntryBody[] {
  return [
    {
      kind: 'document',
      document: {
        type: 'receipt',
        number: `R-${String(receipt).padStart(6, '0')}`,
        order_id: orderId,
        channel: orderId % 3 === 0 ? 'delivery' : 'pickup',
        lines: [
          { label: 'Margherita', quantity: 1, unit_price: 1200, total_ht: 1091, vat_rate: 1000, total_vat: 109, total_ttc: 1200 },
          { label: 'Bière', quantity: 1, unit_price: 600, total_ht: 500, vat_rate: 2000, total_vat: 100, total_ttc: 600 },
        ],
        vat: [
          { vat_rate: 1000, total_ht: 1091, total_vat: 109, total_ttc: 1200 },
          { vat_rate: 2000, total_ht: 500, total_vat: 100, total_ttc: 600 },
        ],
        discount: 0,
        delivery_fee: 0,
        total_ht: 1591,
        total_vat: 209,
        total_ttc: 1800,
      },
    },
    { kind: 'payment', payment: { order_id: orderId, means: orderId % 2 ? 'cash' : 'card_terminal', amount: 1800 } },
  ];
}

/** The hours the restaurant takes orders (Paris), and each one's share of a day's orders. */
export const serviceHours = [
  [11, 1],
  [12, 4],
  [13, 3],
  [14, 1],
  [18, 1],
  [19, 4],
  [20, 4],
  [21, 2],
] as const;

/** An instant in Paris in 2026 (summer time from 29 March to 24 October). */
export const parisAt = (day: string, hour: number, minute = 0) =>
  new Date(`${day}T${String(hour).padStart(2, '0')}:${String(minute).padStart(2, '0')}:00${day < '2026-03-29' || day >= '2026-10-25' ? '+01:00' : '+02:00'}`);
