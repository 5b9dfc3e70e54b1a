import type { SaleDocument } from '@resto/domain/books';

/** For the books' tests: a receipt of 18,50 € at 10 % (a Margherita to take away), numbered `number` for order `orderId`. */
export function margheritaReceipt(number = 'R-000001', orderId = 1): SaleDocument {
  return {
    type: 'receipt',
    number,
    order_id: orderId,
    channel: 'pickup',
    lines: [{ label: 'Margherita', quantity: 1, unit_price: 1850, total_ht: 1682, vat_rate: 1000, total_vat: 168, total_ttc: 1850 }],
    vat: [{ vat_rate: 1000, total_ht: 1682, total_vat: 168, total_ttc: 1850 }],
    discount: 0,
    delivery_fee: 0,
    total_ht: 1682,
    total_vat: 168,
    total_ttc: 1850,
  };
}
