import ReceiptPrinterEncoder from '@point-of-sale/receipt-printer-encoder';
import type { TicketBlock } from '@resto/domain/kitchen-ticket';

/**
 * The kitchen ticket's document (packages/domain/src/kitchen-ticket.ts) in a thermal printer's
 * language, with @point-of-sale/receipt-printer-encoder (docs/decisions/019): ESC/POS for Epson
 * TM-T20/TM-m30 and the printers that copy it, StarPRNT for Star TSP143/mC-Print. The library wraps
 * the text to the paper's columns (a word longer than a line is cut across lines), picks the code
 * page of each run of text and switches to it, and ends with the cutter's feed and the cut.
 */

/** The widths of thermal paper we print on, in millimetres. */
export type PaperWidth = 80 | 58;

/** The printer languages we encode for. */
export type PrinterLanguage = 'esc-pos' | 'star-prnt';

/** Characters per line at font A (12×24 dots at 203 dpi): 48 on 80 mm paper (72 mm printable), 32 on 58 mm (48 mm). */
export const paperColumns: Record<PaperWidth, number> = { 80: 48, 58: 32 };

/**
 * The code pages the encoder may switch to, best first, as each vendor's table numbers them: Windows-1252
 * holds every French letter with « Œ », « œ », « € », « « » », « ’ », « … » and the non-breaking space
 * of our prices; the other Windows pages cover a foreign customer's name (Polish, Czech, Russian, Greek,
 * Turkish, Baltic, Vietnamese). Star's table has only 1250–1252 of them. A character none holds prints
 * « ? ».
 */
const codepageCandidates = {
  'esc-pos': ['windows1252', 'windows1250', 'windows1251', 'windows1253', 'windows1254', 'windows1257', 'windows1258'],
  'star-prnt': ['windows1252', 'windows1250', 'windows1251'],
} as const;

/** Characters of our French typography no code page holds, and what prints instead (the minus of a reduction; a thousands separator as a no-break space, never a line break). */
const printable: Record<string, string> = { '\u2212': '-', '\u2010': '-', '\u2011': '-', '\u202f': '\u00a0', '\u2009': ' ', '\u2007': ' ' };

/**
 * A text as the printer may receive it: control characters (C0, DEL, C1) become spaces, since the
 * library passes them through and a customer's note holding ESC p would open the cash drawer, GS V
 * cut the ticket, a line feed break the layout; then our typography's unprintable characters.
 * Also the text of an ePOS-Print document (epos-print.ts), where XML 1.0 forbids most of them.
 */
export const printableText = (text: string) =>
  text
    // eslint-disable-next-line no-control-regex -- control characters are exactly what is removed
    .replace(/[\u0000-\u001f\u007f-\u009f]/g, ' ')
    .replace(/[\u2212\u2010\u2011\u202f\u2009\u2007]/g, (c) => printable[c] ?? c);

/** Lines the paper moves before the cut, so the last line clears the cutter (Epson's and Star's cutters sit about 4 lines above the head). */
const feedBeforeCut = 4;

/** Text sizes as (width, height) multipliers: `huge` halves the characters per line. */
const sizes = { normal: [1, 1], large: [1, 2], huge: [2, 2] } as const;

/** How a ticket is encoded. */
export interface EncodeOptions {
  language: PrinterLanguage;
  paper: PaperWidth;
}

/**
 * `blocks` as the bytes a printer of `language` on `paper` prints: initialise, each block (text
 * wrapped to the columns, bold and size as the block says, indented text and amounts as table
 * cells, rules as dashes, the QR code centred with its caption), then the feed and a full cut.
 * Never throws for text: a character no code page holds prints « ? ».
 */
export function encodeTicket(blocks: readonly TicketBlock[], { language, paper }: EncodeOptions): Uint8Array {
  const columns = paperColumns[paper];
  const encoder = new ReceiptPrinterEncoder({
    language,
    columns,
    codepageMapping: language === 'esc-pos' ? 'epson' : 'star',
    codepageCandidates: [...codepageCandidates[language]],
    feedBeforeCut,
  });
  encoder.initialize().codepage('auto');
  for (const block of blocks) {
    switch (block.type) {
      case 'text': {
        const [width, height] = sizes[block.size];
        encoder.align(block.align).bold(block.bold).size(width, height);
        if (block.indent > 0) {
          encoder.table([{ width: block.indent }, { width: columns / width - block.indent, overflow: 'wrap' }], [['', printableText(block.text)]]);
        } else {
          encoder.line(printableText(block.text));
        }
        encoder.size(1, 1).bold(false).align('left');
        break;
      }
      case 'amount': {
        const amount = printableText(block.amount);
        encoder.bold(block.bold);
        encoder.table(
          [
            { width: columns - amount.length - 1, overflow: 'wrap' },
            { width: amount.length + 1, align: 'right' },
          ],
          [[printableText(block.label), amount]],
        );
        encoder.bold(false);
        break;
      }
      case 'rule':
        encoder.line('-'.repeat(columns));
        break;
      case 'qr':
        encoder
          .align('center')
          .qrcode(block.data, { model: 2, size: paper === 80 ? 6 : 5, errorlevel: 'm' })
          .newline()
          .line(printableText(block.caption))
          .align('left');
        break;
    }
  }
  return encoder.cut('full').encode();
}
