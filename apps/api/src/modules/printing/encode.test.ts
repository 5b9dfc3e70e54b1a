import { describe, expect, test } from 'vitest';
import { buildKitchenTicket, type KitchenTicketOptions, type TicketBlock } from '@resto/domain/kitchen-ticket';
import { ticketNow, ticketOrder } from '@resto/domain/testing/kitchen-ticket-fixtures';
import { encodeTicket, paperColumns, type PaperWidth } from './encode.ts';
import { decodeEscPos, lineColumns, printedLines, type DecodedItem } from './escpos-decode.ts';

/**
 * The kitchen ticket on paper (docs/decisions/019): the domain's document, encoded by
 * encode.ts with @point-of-sale/receipt-printer-encoder, decoded back by escpos-decode.ts (written from
 * Epson's command reference, not from the library) to the text a printer would print.
 */

const nbsp = '\u00a0';
const trackingUrl = 'https://chez-margot.example/suivi?commande=s3cr3t';
const full: KitchenTicketOptions = { now: ticketNow, stationCategoryIds: null, reprint: false, trackingUrl: null };

function blocksOf(options: Partial<KitchenTicketOptions> = {}, order = ticketOrder): TicketBlock[] {
  const blocks = buildKitchenTicket(order, { ...full, ...options });
  if (!blocks) throw new Error('no ticket');
  return blocks;
}

const printed = (blocks: TicketBlock[], paper: PaperWidth) => decodeEscPos(encodeTicket(blocks, { language: 'esc-pos', paper }));
const linesOf = (items: DecodedItem[]) => items.filter((item): item is Extract<DecodedItem, { kind: 'line' }> => item.kind === 'line');
/** The printed text without the blank lines (feeds) and with each line's centring spaces trimmed. */
const textOf = (items: DecodedItem[]) =>
  printedLines(items)
    .map((line) => line.trim())
    .filter(Boolean);

const rule = (paper: PaperWidth) => '-'.repeat(paperColumns[paper]);
/** A label and its amount flush right on `paper`. */
const amount = (label: string, value: string, paper: PaperWidth) => `${label}${' '.repeat(paperColumns[paper] - label.length - value.length)}${value}`;

describe('a kitchen ticket in ESC/POS', () => {
  test.each([80, 58] as const)('on %i mm paper it decodes back to the ticket, accents and « € » included', (paper) => {
    const items = printed(blocksOf(), paper);
    const address =
      paper === 80
        ? ['12 rue Sainte-Catherine, Bâtiment B, 3e étage,', '33000 Bordeaux']
        : ['12 rue Sainte-Catherine,', 'Bâtiment B, 3e étage, 33000', 'Bordeaux'];
    const allergens = paper === 80 ? ['Allergènes : Œufs, Lait, Gluten'] : ['Allergènes : Œufs, Lait,', 'Gluten'];
    expect(textOf(items)).toEqual([
      'n° 1042',
      '12:06',
      rule(paper),
      'Livraison',
      ...address,
      'le jeudi 3 décembre, 12:30–12:45',
      'Prête vers 12:35',
      rule(paper),
      'Client : Zoé Lefèvre',
      '06 12 34 56 78',
      rule(paper),
      '2 × Œuf cocotte aux cèpes',
      '+ Pain de campagne grillé',
      '+ 2 × Supplément crème fraîche',
      '« bien cuit, sans poivre »',
      ...allergens,
      '1 × Crème brûlée',
      'Allergènes : Lait, Œufs',
      '2 × Limonade artisanale',
      '1 × Madeleine (offert)',
      rule(paper),
      amount('Sous-total', `30,40${nbsp}€`, paper),
      amount('Code NOEL (Noël)', `-2,00${nbsp}€`, paper),
      amount('Livraison', `3,00${nbsp}€`, paper),
      amount('Total', `31,40${nbsp}€`, paper),
      `espèces 10,00 € — reste 21,40${nbsp}€`,
    ]);
    expect(printedLines(items)).toContain('  + Pain de campagne grillé');
  });

  test.each([80, 58] as const)('on %i mm paper no line is wider than the paper, and it ends with a cut after the feed', (paper) => {
    const items = printed(blocksOf({ reprint: true, trackingUrl }), paper);
    for (const line of linesOf(items)) expect(lineColumns(line), line.text).toBeLessThanOrEqual(paperColumns[paper]);
    expect(items[0]).toEqual({ kind: 'init' });
    // The encoder ends the cut's command with a line feed: nothing prints after the cut.
    const cut = items.findIndex((item) => item.kind === 'cut');
    expect(items[cut]).toEqual({ kind: 'cut', partial: false });
    expect(textOf(items.slice(cut))).toEqual([]);
    expect(items.slice(cut - 4, cut).every((item) => item.kind === 'line' && item.text === '')).toBe(true);
    expect(items.filter((item) => item.kind === 'cut')).toHaveLength(1);
  });

  test('the order number prints double size, the dishes double height, allergens and the total bold', () => {
    const lines = linesOf(printed(blocksOf(), 80));
    const line = (start: string) => {
      const found = lines.find((l) => l.text.trim().startsWith(start));
      if (!found) throw new Error(`no line ${start}`);
      return found;
    };
    expect(line('n° 1042').runs).toEqual([{ text: 'n° 1042', bold: true, width: 2, height: 2 }]);
    expect(line('2 × Œuf').runs).toEqual([{ text: '2 × Œuf cocotte aux cèpes', bold: true, width: 1, height: 2 }]);
    expect(
      line('Allergènes : Lait')
        .runs.filter((r) => r.text.trim())
        .every((r) => r.bold),
    ).toBe(true);
    expect(line('Total').runs.every((r) => r.bold)).toBe(true);
    expect(line('Sous-total').runs.some((r) => r.bold)).toBe(false);
    expect(line('+ Pain').runs.some((r) => r.bold)).toBe(false);
  });

  test('« RÉIMPRESSION » on top only when asked; the QR code of the status page with its caption', () => {
    expect(textOf(printed(blocksOf(), 80))).not.toContain('RÉIMPRESSION');
    const items = printed(blocksOf({ reprint: true, trackingUrl }), 58);
    expect(textOf(items)[0]).toBe('RÉIMPRESSION');
    expect(linesOf(items)[0]!.runs.find((run) => run.text.includes('RÉIMPRESSION'))).toMatchObject({ bold: true, height: 2 });
    const qr = items.findIndex((item) => item.kind === 'qr');
    expect(items[qr]).toEqual({ kind: 'qr', data: trackingUrl });
    expect(textOf(items.slice(qr))).toEqual(['Suivi de la commande']);
  });

  test('a long word wraps across lines instead of running off the paper', () => {
    const word = 'Supercalifragilisticexpialidocieux-à-la-crème-brûlée';
    const order = { ...ticketOrder, items: [{ ...ticketOrder.items[1]!, item_name: word, note: `sans ${word}` }] };
    for (const paper of [80, 58] as const) {
      const items = printed(blocksOf({}, order), paper);
      for (const line of linesOf(items)) expect(lineColumns(line), line.text).toBeLessThanOrEqual(paperColumns[paper]);
      const text = textOf(items);
      const start = text.findIndex((l) => l.startsWith('1 × Super'));
      expect(text.slice(start, start + 2).join('')).toBe(`1 × ${word}`);
      const note = text.findIndex((l) => l.startsWith('« sans'));
      expect(text.slice(note, note + 3).join('')).toContain(`« sans ${word.slice(0, 20)}`);
    }
  });

  test('a station’s ticket prints its lines only', () => {
    const bar = textOf(printed(blocksOf({ stationCategoryIds: new Set([3]) }), 58));
    expect(bar).toContain('2 × Limonade artisanale');
    expect(bar).toContain('+ 3 lignes pour d’autres postes');
    expect(bar.some((l) => l.includes('Œuf cocotte') || l.includes('Crème brûlée') || l.startsWith('Total'))).toBe(false);
    const kitchen = textOf(printed(blocksOf({ stationCategoryIds: new Set([1, 2]) }), 80));
    expect(kitchen.filter((l) => /^\d+ × /.test(l))).toEqual(['2 × Œuf cocotte aux cèpes', '1 × Crème brûlée', '1 × Madeleine (offert)']);
  });

  test('a customer’s text cannot send commands: control characters print as spaces', () => {
    const note = 'porte\x1bp\x00\x19\xfa code\n1234\x1dV\x00';
    const order = { ...ticketOrder, items: [{ ...ticketOrder.items[1]!, note }] };
    const items = printed(blocksOf({}, order), 80);
    expect(textOf(items)).toContain('« porte p  ú code 1234 V  »');
    expect(items.filter((item) => item.kind === 'cut')).toHaveLength(1);
  });

  test('a foreign name prints in the code page that holds it; a character none holds prints « ? »', () => {
    const order = { ...ticketOrder, customer: { ...ticketOrder.customer, first_name: 'Łucja', last_name: 'Nowak 🍕' } };
    expect(textOf(printed(blocksOf({}, order), 80))).toContain('Client : Łucja Nowak ??');
  });
});

describe('a kitchen ticket in StarPRNT', () => {
  const bytes = encodeTicket(blocksOf({ reprint: true, trackingUrl }), { language: 'star-prnt', paper: 80 });
  const has = (sequence: number[]) => Buffer.from(bytes).includes(Buffer.from(sequence));
  const windows1252 = (text: string) => [...text].map((c) => ({ Œ: 0x8c, '€': 0x80, '—': 0x97 })[c] ?? c.charCodeAt(0));

  test('selects Windows-1252 (ESC GS t 32) and writes accents, « Œ » and « € » in it', () => {
    expect([...bytes.subarray(0, 2)]).toEqual([0x1b, 0x40]);
    expect(has([0x1b, 0x1d, 0x74, 32])).toBe(true);
    for (const text of ['RÉIMPRESSION', 'Crème brûlée', 'Œuf cocotte aux cèpes', 'Allergènes : Œufs, Lait, Gluten', 'reste 21,40\u00a0€'])
      expect(has(windows1252(text)), text).toBe(true);
  });

  test('prints the QR code (ESC GS y) and ends with the feed and the cut (ESC d)', () => {
    expect(has([0x1b, 0x1d, 0x79, 0x44, 0x31, 0x00, trackingUrl.length, 0x00, ...Buffer.from(trackingUrl)])).toBe(true);
    expect(has([0x1b, 0x1d, 0x79, 0x50])).toBe(true);
    expect(Buffer.from(bytes).lastIndexOf(Buffer.from([0x1b, 0x64]))).toBeGreaterThan(bytes.length - 8);
  });
});
