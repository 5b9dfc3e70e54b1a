/**
 * ESC/POS bytes back to what a printer would put on paper: text lines with their style, the QR codes
 * and the cuts. For tests and the simulated TCP 9100 printer only (docs/decisions/019): it reads what
 * the encoder writes and refuses any other command (an error naming the byte and its offset), so a
 * change in the encoder's output fails a test rather than printing garbage unnoticed. Written from
 * Epson's ESC/POS command reference, independently of the encoding library: code pages are decoded
 * with the WHATWG decoders of the runtime (TextDecoder), CP437 with its table below.
 */

/** A run of text in one style on a printed line. `width`, `height`: the size multipliers (GS !). */
export interface DecodedRun {
  text: string;
  bold: boolean;
  width: number;
  height: number;
}

/** What comes out of the printer, in order. */
export type DecodedItem =
  /** A printed line (ended by LF, or by the end of the data); `align` as set when it started. */
  | { kind: 'line'; text: string; runs: DecodedRun[]; align: 'left' | 'center' | 'right' }
  /** A QR code printed (GS ( k, function 181) with the data stored before it (function 180). */
  | { kind: 'qr'; data: string }
  /** A cut (GS V). */
  | { kind: 'cut'; partial: boolean }
  /** ESC @: the printer initialised. */
  | { kind: 'init' };

/** IBM code page 437 (the printer's page 0, its default), bytes 0x80–0xFF. */
const cp437High = 'ÇüéâäàåçêëèïîìÄÅÉæÆôöòûùÿÖÜ¢£¥₧ƒáíóúñÑªº¿⌐¬½¼¡«»░▒▓│┤╡╢╖╕╣║╗╝╜╛┐└┴┬├─┼╞╟╚╔╩╦╠═╬╧╨╤╥╙╘╒╓╫╪┘┌█▄▌▐▀αßΓπΣσµτΦΘΩδ∞φε∩≡±≥≤⌠⌡÷≈°∙·√ⁿ²■\u00a0';

/**
 * Windows-1252 (Epson's page 16), bytes 0x80–0x9F; from 0xA0 it is Latin-1. Written out because
 * Node's TextDecoder reads the label 'windows-1252' as Latin-1 and would turn « € » and « Œ » into
 * control characters. Undefined bytes decode to U+FFFD.
 */
export const windows1252C1 = '€\ufffd‚ƒ„…†‡ˆ‰Š‹Œ\ufffdŽ\ufffd\ufffd‘’“”•–—˜™š›œ\ufffdžŸ';

/** Epson's code page numbers (ESC t n) the decoder reads with TextDecoder, as WHATWG encoding labels (0 is CP437, 16 Windows-1252). */
const epsonCodepages: Record<number, string> = {
  45: 'windows-1250',
  46: 'windows-1251',
  47: 'windows-1253',
  48: 'windows-1254',
  51: 'windows-1257',
  52: 'windows-1258',
};

/** One byte of text in code page `page` as Unicode. */
function decodeByte(byte: number, page: number): string {
  if (byte < 0x80) return String.fromCharCode(byte);
  if (page === 0) return cp437High[byte - 0x80] ?? '\ufffd';
  if (page === 16) return byte < 0xa0 ? (windows1252C1[byte - 0x80] ?? '\ufffd') : String.fromCharCode(byte);
  const label = epsonCodepages[page];
  if (!label) throw new Error(`code page ${page} not supported by the decoder`);
  return new TextDecoder(label).decode(new Uint8Array([byte]));
}

const alignments = ['left', 'center', 'right'] as const;

/**
 * Everything `bytes` prints, in order: lines (LF ends one; CR is ignored), QR codes, cuts and
 * initialisations. Reads ESC @ (initialise), FS . (single-byte mode), ESC M (font), ESC E (bold),
 * ESC ! (print mode: bold, double height and width), ESC - (underline), GS B (reverse), ESC t (code
 * page: 0, 16, 45–48, 51, 52), GS ! (size), ESC a (alignment), ESC d (feed n lines), ESC J (feed
 * dots), ESC 2 / ESC 3 (line spacing), GS ( k (QR code model, size, error level, store, print) and
 * GS V (cut). Throws on anything else.
 */
export function decodeEscPos(bytes: Uint8Array): DecodedItem[] {
  const items: DecodedItem[] = [];
  let bold = false;
  let width = 1;
  let height = 1;
  let align = 'left' as (typeof alignments)[number];
  let page = 0;
  let runs: DecodedRun[] = [];
  let lineAlign = align;
  let qrData = '';
  let i = 0;

  const need = (count: number) => {
    if (i + count > bytes.length) throw new Error(`command cut short at offset ${i}`);
  };
  const at = (offset: number) => bytes[i + offset] as number;
  const addText = (char: string) => {
    if (runs.length === 0) lineAlign = align;
    const last = runs.at(-1);
    if (last && last.bold === bold && last.width === width && last.height === height) last.text += char;
    else runs.push({ text: char, bold, width, height });
  };
  const endLine = () => {
    items.push({ kind: 'line', text: runs.map((r) => r.text).join(''), runs, align: runs.length ? lineAlign : align });
    runs = [];
  };
  const reset = () => {
    bold = false;
    width = 1;
    height = 1;
    align = 'left';
    page = 0;
  };

  while (i < bytes.length) {
    const byte = at(0);
    if (byte === 0x0a) {
      endLine();
      i += 1;
    } else if (byte === 0x0d) {
      i += 1;
    } else if (byte === 0x1b) {
      need(2);
      const command = at(1);
      if (command === 0x40) {
        reset();
        items.push({ kind: 'init' });
        i += 2;
      } else if (command === 0x64) {
        need(3);
        if (runs.length) endLine();
        for (let n = 0; n < at(2); n++) endLine();
        i += 3;
      } else if (command === 0x32) {
        i += 2;
      } else if ([0x4d, 0x45, 0x21, 0x2d, 0x74, 0x61, 0x4a, 0x33].includes(command)) {
        need(3);
        const n = at(2);
        if (command === 0x45) bold = (n & 1) === 1;
        if (command === 0x21) {
          bold = (n & 0x08) !== 0;
          height = n & 0x10 ? 2 : 1;
          width = n & 0x20 ? 2 : 1;
        }
        if (command === 0x74) page = n;
        if (command === 0x61) align = alignments[n >= 0x30 ? n - 0x30 : n] ?? 'left';
        i += 3;
      } else {
        throw new Error(`unknown command ESC 0x${command.toString(16)} at offset ${i}`);
      }
    } else if (byte === 0x1c) {
      need(2);
      if (at(1) !== 0x2e) throw new Error(`unknown command FS 0x${at(1).toString(16)} at offset ${i}`);
      i += 2;
    } else if (byte === 0x1d) {
      need(2);
      const command = at(1);
      if (command === 0x21) {
        need(3);
        width = (at(2) >> 4) + 1;
        height = (at(2) & 0x0f) + 1;
        i += 3;
      } else if (command === 0x42) {
        need(3);
        i += 3;
      } else if (command === 0x56) {
        need(3);
        const m = at(2);
        if (runs.length) endLine();
        items.push({ kind: 'cut', partial: m === 1 || m === 0x31 || m === 66 });
        i += m === 65 || m === 66 ? 4 : 3;
      } else if (command === 0x28 && at(2) === 0x6b) {
        need(5);
        const length = at(3) + at(4) * 256;
        need(5 + length);
        const cn = at(5);
        const fn = at(6);
        if (cn !== 0x31) throw new Error(`unknown symbol ${cn} in GS ( k at offset ${i}`);
        if (fn === 0x50) qrData = new TextDecoder('utf-8').decode(bytes.subarray(i + 8, i + 5 + length));
        if (fn === 0x51) {
          if (runs.length) endLine();
          items.push({ kind: 'qr', data: qrData });
        }
        i += 5 + length;
      } else {
        throw new Error(`unknown command GS 0x${command.toString(16)} at offset ${i}`);
      }
    } else if (byte < 0x20) {
      throw new Error(`unknown control byte 0x${byte.toString(16)} at offset ${i}`);
    } else {
      addText(decodeByte(byte, page));
      i += 1;
    }
  }
  if (runs.length) endLine();
  return items;
}

/** The printed lines' texts, trailing spaces removed (the encoder pads table cells). */
export function printedLines(items: readonly DecodedItem[]): string[] {
  return items.flatMap((item) => (item.kind === 'line' ? [item.text.trimEnd()] : []));
}

/** How many columns of font A a printed line takes: each character times its width multiplier (trailing spaces aside). */
export function lineColumns(line: Extract<DecodedItem, { kind: 'line' }>): number {
  const total = line.runs.reduce((sum, run) => sum + run.text.length * run.width, 0);
  const trailing = line.text.length - line.text.trimEnd().length;
  return total - trailing * (line.runs.at(-1)?.width ?? 1);
}
