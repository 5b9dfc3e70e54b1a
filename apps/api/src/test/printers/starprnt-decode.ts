import { windows1252C1, type DecodedItem, type DecodedRun } from '../../modules/printing/escpos-decode.ts';

/**
 * StarPRNT bytes back to what a Star printer (TSP143, mC-Print) would put on paper, for the simulated
 * CloudPRNT printer (docs/decisions/033): the same items as the ESC/POS decoder (printing/escpos-decode.ts).
 * Written from Star's « StarPRNT Command Specifications », for the commands the encoder writes and no
 * other (anything else is an error naming the byte and its offset, so a change of the encoder's output
 * fails a test): ESC @ (initialise), CAN (clear), ESC GS t n (code page: 32 Windows-1252, 33
 * Windows-1250, 34 Windows-1251), ESC E / ESC F (bold on / off), ESC i n1 n2 (height and width
 * expansion), ESC - n (underline), ESC 4 / ESC 5 (highlight), ESC GS a n (alignment), LF (a line), CR
 * (ignored), ESC d n (cut: 0 and 2 full, 1 and 3 partial) and the QR code's ESC GS y S 0/1/2 n (model,
 * error level, cell size), ESC GS y D 1 m nL nH d… (store) and ESC GS y P (print).
 */

/** Star's code page numbers (ESC GS t n) as WHATWG labels; 32 (Windows-1252) is decoded with its C1 table. */
const starCodepages: Record<number, string> = { 33: 'windows-1250', 34: 'windows-1251' };

function decodeByte(byte: number, page: number): string {
  if (byte < 0x80) return String.fromCharCode(byte);
  if (page === 32) return byte < 0xa0 ? (windows1252C1[byte - 0x80] ?? '\ufffd') : String.fromCharCode(byte);
  const label = starCodepages[page];
  if (!label) throw new Error(`code page Star ${page} not supported by the decoder`);
  return new TextDecoder(label).decode(new Uint8Array([byte]));
}

const alignments = ['left', 'center', 'right'] as const;

/** Everything `bytes` prints, in order. @throws Error on a command the encoder does not write. */
export function decodeStarPrnt(bytes: Uint8Array): DecodedItem[] {
  const items: DecodedItem[] = [];
  let bold = false;
  let width = 1;
  let height = 1;
  let align = 'left' as (typeof alignments)[number];
  let lineAlign = align as (typeof alignments)[number];
  let page = 32;
  let runs: DecodedRun[] = [];
  let qrData = '';
  let i = 0;
  const need = (count: number) => {
    if (i + count > bytes.length) throw new Error(`command cut short at offset ${i}`);
  };
  const at = (offset: number) => bytes[i + offset] as number;
  const endLine = () => {
    items.push({ kind: 'line', text: runs.map((r) => r.text).join(''), runs, align: runs.length ? lineAlign : align });
    runs = [];
  };
  const addText = (char: string) => {
    if (runs.length === 0) lineAlign = align;
    const last = runs.at(-1);
    if (last && last.bold === bold && last.width === width && last.height === height) last.text += char;
    else runs.push({ text: char, bold, width, height });
  };

  while (i < bytes.length) {
    const byte = at(0);
    if (byte === 0x0a) {
      endLine();
      i += 1;
    } else if (byte === 0x0d || byte === 0x18) {
      i += 1;
    } else if (byte === 0x1b) {
      need(2);
      const command = at(1);
      if (command === 0x40) {
        bold = false;
        width = 1;
        height = 1;
        align = 'left';
        page = 32;
        items.push({ kind: 'init' });
        i += 2;
      } else if (command === 0x45 || command === 0x46 || command === 0x34 || command === 0x35) {
        if (command === 0x45) bold = true;
        if (command === 0x46) bold = false;
        i += 2;
      } else if (command === 0x69) {
        need(4);
        height = at(2) + 1;
        width = at(3) + 1;
        i += 4;
      } else if (command === 0x2d) {
        need(3);
        i += 3;
      } else if (command === 0x64) {
        need(3);
        if (runs.length) endLine();
        const n = at(2);
        items.push({ kind: 'cut', partial: n === 1 || n === 3 });
        i += 3;
      } else if (command === 0x1d) {
        need(3);
        const sub = at(2);
        if (sub === 0x74) {
          need(4);
          page = at(3);
          i += 4;
        } else if (sub === 0x61) {
          need(4);
          align = alignments[at(3)] ?? 'left';
          i += 4;
        } else if (sub === 0x79) {
          need(4);
          const fn = at(3);
          if (fn === 0x53) {
            need(6);
            i += 6;
          } else if (fn === 0x44) {
            need(8);
            const length = at(6) + at(7) * 256;
            need(8 + length);
            qrData = new TextDecoder('utf-8').decode(bytes.subarray(i + 8, i + 8 + length));
            i += 8 + length;
          } else if (fn === 0x50) {
            if (runs.length) endLine();
            items.push({ kind: 'qr', data: qrData });
            i += 4;
          } else throw new Error(`unknown command ESC GS y 0x${fn.toString(16)} at offset ${i}`);
        } else throw new Error(`unknown command ESC GS 0x${sub.toString(16)} at offset ${i}`);
      } else throw new Error(`unknown command ESC 0x${command.toString(16)} at offset ${i}`);
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
