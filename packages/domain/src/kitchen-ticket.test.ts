import { describe, expect, test } from 'vitest';
import { buildKitchenTicket, printsAtStation, ticketTexts, type KitchenTicketOptions, type TicketBlock } from './kitchen-ticket.ts';
import { ticketNow, ticketOrder } from './testing/kitchen-ticket-fixtures.ts';

const full: KitchenTicketOptions = { now: ticketNow, stationCategoryIds: null, reprint: false, trackingUrl: null };
const nbsp = '\u00a0';

/** The blocks of a ticket that must exist (the test fails on null). */
function ticket(options: Partial<KitchenTicketOptions> = {}): TicketBlock[] {
  const blocks = buildKitchenTicket(ticketOrder, { ...full, ...options });
  if (!blocks) throw new Error('no ticket');
  return blocks;
}

describe('the kitchen ticket as a document', () => {
  test('holds what the browser ticket shows, worded by the board’s rules', () => {
    expect(ticketTexts(ticket())).toEqual([
      'n° 1042',
      '12:06',
      'Livraison',
      '12 rue Sainte-Catherine, Bâtiment B, 3e étage, 33000 Bordeaux',
      'le jeudi 3 décembre, 12:30–12:45',
      'Prête vers 12:35',
      'Client : Zoé Lefèvre',
      '06 12 34 56 78',
      '2 × Œuf cocotte aux cèpes',
      '+ Pain de campagne grillé',
      '+ 2 × Supplément crème fraîche',
      '« bien cuit, sans poivre »',
      'Allergènes : Œufs, Lait, Gluten',
      '1 × Crème brûlée',
      'Allergènes : Lait, Œufs',
      '2 × Limonade artisanale',
      '1 × Madeleine (offert)',
      `Sous-total 30,40${nbsp}€`,
      `Code NOEL (Noël) −2,00${nbsp}€`,
      `Livraison 3,00${nbsp}€`,
      `Total 31,40${nbsp}€`,
      `espèces 10,00 € — reste 21,40${nbsp}€`,
    ]);
  });

  test('the order number is huge, dishes large, allergens and the total bold', () => {
    const blocks = ticket();
    expect(blocks[0]).toMatchObject({ type: 'text', text: 'n° 1042', size: 'huge', bold: true });
    expect(blocks.find((b) => b.type === 'text' && b.text.startsWith('2 × Œuf'))).toMatchObject({ size: 'large', bold: true });
    expect(blocks.filter((b) => b.type === 'text' && b.text.startsWith('Allergènes')).every((b) => b.type === 'text' && b.bold && b.indent === 2)).toBe(true);
    expect(blocks.find((b) => b.type === 'amount' && b.label === 'Total')).toMatchObject({ bold: true });
    expect(blocks.find((b) => b.type === 'amount' && b.label === 'Sous-total')).toMatchObject({ bold: false });
  });

  test('« RÉIMPRESSION » on top only when asked; the QR code of the status page only when given', () => {
    expect(ticketTexts(ticket())).not.toContain('RÉIMPRESSION');
    const again = ticket({ reprint: true, trackingUrl: 'https://chez-margot.example/suivi?commande=s3cr3t' });
    expect(again[0]).toMatchObject({ type: 'text', text: 'RÉIMPRESSION', bold: true });
    expect(again.at(-1)).toEqual({ type: 'qr', data: 'https://chez-margot.example/suivi?commande=s3cr3t', caption: 'Suivi de la commande' });
    expect(ticket().some((b) => b.type === 'qr')).toBe(false);
  });

  test('a phone order says « TÉLÉPHONE » under its order type, bold and large; an online one does not (docs/decisions/036)', () => {
    const phone = buildKitchenTicket({ ...ticketOrder, source: 'phone' }, full)!;
    expect(ticketTexts(phone).slice(2, 4)).toEqual(['Livraison', 'TÉLÉPHONE']);
    expect(phone.find((b) => b.type === 'text' && b.text === 'TÉLÉPHONE')).toMatchObject({ bold: true, size: 'large' });
    expect(ticketTexts(buildKitchenTicket({ ...ticketOrder, source: 'online' }, full)!)).not.toContain('TÉLÉPHONE');
  });

  test('a pickup order not yet accepted, paid by card in test mode, as soon as possible', () => {
    const order = {
      ...ticketOrder,
      is_pickup: true,
      is_scheduled: false,
      delivery_date: null,
      delivery_time_range: null,
      ready_at: null,
      payment_method: 'card',
      payment_test_mode: true,
      delivery: 0,
      total: 28.4,
    };
    const texts = ticketTexts(buildKitchenTicket(order, full)!);
    expect(texts.slice(2, 5)).toEqual(['À emporter', 'dès que possible', 'Pas encore acceptée']);
    expect(texts.some((t) => t.includes('Sainte-Catherine'))).toBe(false);
    expect(texts.at(-1)).toBe('payée par carte · mode test');
  });

  test('a time of another day carries its day', () => {
    const texts = ticketTexts(ticket({ now: new Date('2026-12-02T11:10:00.000Z') }));
    expect(texts[1]).toBe('demain 12:06');
    expect(texts).toContain('Prête vers demain 12:35');
  });
});

describe('a station’s ticket', () => {
  test('keeps the lines of its categories, says how many went elsewhere, leaves the amounts out', () => {
    const bar = ticketTexts(ticket({ stationCategoryIds: new Set([3]) }));
    expect(bar.filter((t) => / × /.test(t) && !t.startsWith('+'))).toEqual(['2 × Limonade artisanale']);
    expect(bar).toContain('+ 3 lignes pour d’autres postes');
    expect(bar.some((t) => t.startsWith('Total'))).toBe(false);
    expect(bar.at(-1)).toBe(`espèces 10,00 € — reste 21,40${nbsp}€`);

    const kitchen = ticketTexts(ticket({ stationCategoryIds: new Set([1, 2]) }));
    expect(kitchen.filter((t) => / × /.test(t) && !t.startsWith('+'))).toEqual(['2 × Œuf cocotte aux cèpes', '1 × Crème brûlée', '1 × Madeleine (offert)']);
    expect(kitchen).toContain('+ 1 ligne pour un autre poste');
    expect(kitchen).toContain('« bien cuit, sans poivre »');
  });

  test('a station with none of the order’s lines prints nothing; a line without a category prints everywhere', () => {
    expect(buildKitchenTicket(ticketOrder, { ...full, stationCategoryIds: new Set([9]) })).toBeNull();
    const uncategorised = { ...ticketOrder, items: ticketOrder.items.map(({ item_category_id: _, ...line }) => line) };
    const texts = ticketTexts(buildKitchenTicket(uncategorised, { ...full, stationCategoryIds: new Set([9]) })!);
    expect(texts).toContain('1 × Crème brûlée');
    expect(texts).toContain('2 × Limonade artisanale');
    expect(texts).not.toContain('1 × Madeleine (offert)');
  });

  test('printsAtStation: null prints everything, an unknown category prints everywhere', () => {
    expect(printsAtStation(3, null)).toBe(true);
    expect(printsAtStation(null, new Set([1]))).toBe(true);
    expect(printsAtStation(undefined, new Set([1]))).toBe(true);
    expect(printsAtStation(1, new Set([1]))).toBe(true);
    expect(printsAtStation(2, new Set([1]))).toBe(false);
  });
});

describe('docs/decisions/037: the staff note about the customer', () => {
  test('prints « NOTE CLIENT : … » in bold under the customer’s phone', () => {
    const blocks = buildKitchenTicket({ ...ticketOrder, customer_notice: { note: 'allergique aux noix' } }, full)!;
    const texts = ticketTexts(blocks);
    expect(texts.slice(texts.indexOf('06 12 34 56 78'), texts.indexOf('06 12 34 56 78') + 2)).toEqual(['06 12 34 56 78', 'NOTE CLIENT : allergique aux noix']);
    expect(blocks.find((b) => b.type === 'text' && b.text.startsWith('NOTE CLIENT'))).toMatchObject({ bold: true });
  });

  test('no line without a note', () => {
    expect(ticketTexts(buildKitchenTicket({ ...ticketOrder, customer_notice: { note: null } }, full)!).some((t) => t.startsWith('NOTE CLIENT'))).toBe(false);
  });
});
