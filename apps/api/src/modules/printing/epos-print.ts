import type { TicketBlock } from '@resto/domain/kitchen-ticket';
import { paperColumns, printableText, type PaperWidth } from './encode.ts';

/**
 * The kitchen ticket's document (packages/domain/src/kitchen-ticket.ts) in ePOS-Print XML, the
 * language Epson's Server Direct Print prints (docs/decisions/033-kitchen-printers.md), as Epson's
 * « ePOS-Print XML User's Manual » (XML Reference) defines it: an `<epos-print>` element of the
 * namespace http://www.epson-pos.com/schemas/2011/03/epos-print holding, in order, `<text>` (its
 * attributes `lang`, `align`, `em` for bold, `dw`/`dh` for double width and height, kept for the
 * text that follows), `<symbol type="qrcode_model_2">` and `<cut type="feed">` (feed to the cutter,
 * then cut).
 *
 * Characters: the document is UTF-8 and each `<text>` says `lang="en"`, the manual's ANK
 * (single-byte) text; the printer itself turns each character into its character tables, where the
 * French letters, « € » and « « » » are. Our typography it has no glyph for (the minus, thin spaces)
 * is replaced first, as for ESC/POS (encode.ts, printableText).
 *
 * Written by hand rather than with an XML builder: the document is five elements, always in the
 * order of the blocks, and the one risk, a customer's text, goes through `xmlText` (escaped markup,
 * characters XML 1.0 forbids removed), as Epson's own ePOS-Print builder does (its escapeMarkup).
 * An XML library's builder would need its order-preserving tree for mixed elements, more code than
 * the document. The tests parse every document back with fast-xml-parser.
 *
 * The printer wraps nothing by itself at word boundaries: lines are wrapped here to the paper's
 * columns (48 on 80 mm, 32 on 58 mm; half with double width), a word longer than a line cut across lines.
 */

/** The namespace of ePOS-Print XML. */
export const eposPrintNamespace = 'http://www.epson-pos.com/schemas/2011/03/epos-print';

/** Lines of paper fed after the last line, before `<cut type="feed">` feeds it to the cutter. */
const feedLines = 1;

/** QR code module size in dots (`width` of `<symbol>`, 1–16): about 25 mm wide on 80 mm paper, 21 mm on 58 mm. */
const qrModule: Record<PaperWidth, number> = { 80: 6, 58: 5 };

/**
 * `text` as the character data of an element or an attribute value: `&`, `<`, `>`, `"` and `'`
 * escaped; control characters (C0 but none kept, DEL, C1) as spaces (printableText); lone
 * surrogates and the non-characters U+FFFE/U+FFFF, which XML 1.0 forbids, as « ? ». The result
 * never closes the element it is in nor opens another.
 */
export function xmlText(text: string): string {
  return printableText(text)
    .replace(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]|[\uFFFE\uFFFF]/g, '?')
    .replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[c]!);
}

/**
 * The data of a `<symbol>` or `<barcode>`: ePOS-Print reads a backslash as an escape there (`\\`
 * is one backslash, `\xnn` a byte), so backslashes are doubled and control characters written as
 * `\xnn`, as Epson's builder does (its escapeControl), then the markup escaped.
 */
function symbolData(data: string): string {
  // eslint-disable-next-line no-control-regex -- control characters are exactly what is escaped
  const escaped = data.replace(/[\\\u0000-\u001f\u007f]/g, (c) => (c === '\\' ? '\\\\' : `\\x${c.charCodeAt(0).toString(16).padStart(2, '0')}`));
  return xmlText(escaped);
}

/**
 * `text` wrapped to lines of at most `width` characters (width ≥ 1): at spaces (runs of spaces
 * count as one), a word longer than a line cut across lines. Never an empty list.
 */
export function wrapText(text: string, width: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(' ')) {
    if (word === '') continue;
    let rest = word;
    if (line !== '' && line.length + 1 + rest.length > width) {
      lines.push(line);
      line = '';
    }
    if (line !== '') line += ' ';
    while (line.length + rest.length > width) {
      const room = width - line.length;
      lines.push((line + rest.slice(0, room)).trimEnd());
      line = '';
      rest = rest.slice(room);
    }
    line += rest;
  }
  lines.push(line);
  return lines;
}

interface TextStyle {
  align: 'left' | 'center' | 'right';
  bold: boolean;
  size: 'normal' | 'large' | 'huge';
}

/** One `<text>` element of `lines`, each ended by a line feed (`&#10;`), with every attribute of its style. */
function textElement(lines: readonly string[], { align, bold, size }: TextStyle): string {
  const dw = size === 'huge';
  const dh = size !== 'normal';
  const body = lines.map((line) => `${xmlText(line)}&#10;`).join('');
  return `<text lang="en" align="${align}" em="${bold}" dw="${dw}" dh="${dh}">${body}</text>`;
}

/** How a document is made: the printer's paper. */
export interface EposPrintOptions {
  paper: PaperWidth;
}

/**
 * `blocks` as an ePOS-Print document (`<epos-print xmlns=…>…</epos-print>`, no XML declaration: it
 * goes inside a Server Direct Print request): each text block wrapped to the columns with its
 * bold, size and alignment (an indent as leading spaces on every line), each amount on one line
 * flush right at the paper's width (its label wrapped before it when long), rules as dashes, the QR
 * code centred (model 2, error correction M) with its caption; then a feed and the cut.
 * Never throws for text.
 */
export function eposPrintDocument(blocks: readonly TicketBlock[], { paper }: EposPrintOptions): string {
  const columns = paperColumns[paper];
  const parts: string[] = [];
  for (const block of blocks) {
    switch (block.type) {
      case 'text': {
        const width = block.size === 'huge' ? Math.floor(columns / 2) : columns;
        const pad = ' '.repeat(Math.min(block.indent, width - 1));
        const lines = wrapText(printableText(block.text), width - pad.length).map((line) => pad + line);
        parts.push(textElement(lines, { align: block.align, bold: block.bold, size: block.size }));
        break;
      }
      case 'amount': {
        const amount = printableText(block.amount);
        const labelLines = wrapText(printableText(block.label), Math.max(1, columns - amount.length - 1));
        const last = labelLines.pop()!;
        const lines = [...labelLines, last + ' '.repeat(Math.max(1, columns - last.length - amount.length)) + amount];
        parts.push(textElement(lines, { align: 'left', bold: block.bold, size: 'normal' }));
        break;
      }
      case 'rule':
        parts.push(textElement(['-'.repeat(columns)], { align: 'left', bold: false, size: 'normal' }));
        break;
      case 'qr':
        parts.push('<text align="center"/>');
        parts.push(`<symbol type="qrcode_model_2" level="level_m" width="${qrModule[paper]}" height="0" size="0">${symbolData(block.data)}</symbol>`);
        parts.push('<feed line="1"/>');
        parts.push(textElement(wrapText(printableText(block.caption), columns), { align: 'center', bold: false, size: 'normal' }));
        break;
    }
  }
  parts.push(`<feed line="${feedLines}"/>`, '<cut type="feed"/>');
  return `<epos-print xmlns="${eposPrintNamespace}">${parts.join('')}</epos-print>`;
}
