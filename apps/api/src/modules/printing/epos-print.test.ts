import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { describe, expect, test } from 'vitest';
import type { TicketBlock } from '@resto/domain/kitchen-ticket';
import { printEposDocument, readPrintRequestInfo, type PrintedLine } from '../../test/printers/epson-sdp-printer.ts';
import { eposPrintDocument, wrapText, xmlText } from './epos-print.ts';
import { asb, faultOf, printJobIdOf, printRequestInfo, readResponseFile, tokenOfPrintJobId } from './epson-sdp.ts';

/**
 * The ePOS-Print XML of the kitchen ticket and the Server Direct Print messages
 * (docs/decisions/033-kitchen-printers.md), read back as a printer reads them: every document is
 * well-formed XML, a customer's text cannot break it or add an element, lines fit the paper.
 */

const text = (value: string, style: Partial<Extract<TicketBlock, { type: 'text' }>> = {}): TicketBlock => ({
  type: 'text',
  text: value,
  bold: false,
  size: 'normal',
  align: 'left',
  indent: 0,
  ...style,
});

/** The document in a print request, printed by the simulated printer. */
function printed(blocks: TicketBlock[], paper: 80 | 58 = 80): PrintedLine[] {
  const xml = printRequestInfo({ devid: 'local_printer', printJobId: 'abc', document: eposPrintDocument(blocks, { paper }) });
  expect(XMLValidator.validate(xml)).toBe(true);
  const [request] = readPrintRequestInfo(xml);
  expect(request).toMatchObject({ devid: 'local_printer', printJobId: 'abc' });
  return printEposDocument(request!.document!);
}

const elementNames = (xml: string): string[] => {
  const tree = new XMLParser({ preserveOrder: true, ignoreAttributes: false }).parse(xml) as Record<string, unknown>[];
  const names: string[] = [];
  const walk = (nodes: Record<string, unknown>[]) => {
    for (const node of nodes)
      for (const [name, children] of Object.entries(node)) {
        if (name === '#text' || name === ':@') continue;
        names.push(name);
        walk(children as Record<string, unknown>[]);
      }
  };
  walk(tree);
  return names;
};

describe('the ticket in ePOS-Print XML', () => {
  test('text with its bold, size and alignment; French accents and € as Unicode; feed and cut', () => {
    const document = eposPrintDocument(
      [text('Commande n° 42', { bold: true, size: 'huge' }), text('À emporter', { size: 'large', align: 'center' }), text('Crème brûlée, œuf : 4,50 €')],
      { paper: 80 },
    );
    expect(document).toMatch(/^<epos-print xmlns="http:\/\/www\.epson-pos\.com\/schemas\/2011\/03\/epos-print">/);
    expect(document).toContain('<text lang="en" align="left" em="true" dw="true" dh="true">Commande n° 42&#10;</text>');
    expect(document).toContain('<text lang="en" align="center" em="false" dw="false" dh="true">À emporter&#10;</text>');
    expect(document).toMatch(/<feed line="1"\/><cut type="feed"\/><\/epos-print>$/);
    expect(printed([text('Crème brûlée, œuf : 4,50 €')])[0]).toEqual({
      text: 'Crème brûlée, œuf : 4,50 €',
      bold: false,
      dw: false,
      dh: false,
      align: 'left',
      symbol: false,
    });
  });

  test('a customer’s note with markup, quotes, entities and control characters prints as written and adds no element', () => {
    const note = 'Sans <b>oignons</b> & "sauce" \'à part\' </text><cut/><pulse/> &amp; ]]> \u001bp\u0000\u0007\nfin \uD800 \uFFFF';
    const document = eposPrintDocument([text(note, { indent: 2 })], { paper: 80 });
    const xml = printRequestInfo({ devid: 'local_printer', printJobId: 'x', document });
    expect(XMLValidator.validate(xml)).toBe(true);
    expect(elementNames(document)).toEqual(['epos-print', 'text', 'feed', 'cut']);
    const lines = printed([text(note, { indent: 2 })]).map((line) => line.text);
    const joined = lines.map((line) => line.trim()).join(' ');
    expect(joined).toContain('Sans <b>oignons</b> & "sauce" \'à part\' </text><cut/><pulse/> &amp; ]]>');
    expect(joined).toContain('fin ? ?');
    // eslint-disable-next-line no-control-regex -- no control character may reach the paper
    expect(joined).not.toMatch(/[\u0000-\u001f]/);
    expect(lines.every((line) => line.startsWith('  ') && line.length <= 48)).toBe(true);
  });

  test('xmlText escapes the five markup characters and keeps letters', () => {
    expect(xmlText(`a<b>&"'é€`)).toBe('a&lt;b&gt;&amp;&quot;&apos;é€');
  });

  test('lines wrap at words to 48 columns on 80 mm and 32 on 58 mm, half with double width; a long word is cut', () => {
    const long = 'Pizza quatre fromages avec supplément mozzarella di bufala et roquette fraîche';
    for (const [paper, columns] of [
      [80, 48],
      [58, 32],
    ] as const) {
      const lines = printed([text(long)], paper);
      expect(lines.length).toBeGreaterThan(1);
      expect(lines.every((line) => line.text.length <= columns)).toBe(true);
      expect(lines.map((line) => line.text).join(' ')).toBe(long);
      const huge = printed([text('Commande n° 123456 du mardi', { size: 'huge' })], paper);
      expect(huge.every((line) => line.text.length <= columns / 2 && line.dw && line.dh)).toBe(true);
    }
    expect(wrapText('x'.repeat(70), 32)).toEqual(['x'.repeat(32), 'x'.repeat(32), 'x'.repeat(6)]);
    expect(wrapText('', 32)).toEqual(['']);
  });

  test('amounts end flush right at the paper’s width; a long label wraps before its amount', () => {
    for (const [paper, columns] of [
      [80, 48],
      [58, 32],
    ] as const) {
      const [line] = printed([{ type: 'amount', label: 'Total', amount: '24,50\u00a0€', bold: true }], paper);
      expect(line!.text).toHaveLength(columns);
      expect(line!.text).toMatch(/^Total +24,50\u00a0€$/);
      expect(line!.bold).toBe(true);
      const lines = printed(
        [{ type: 'amount', label: 'Remise fidélité sur les pizzas du mardi midi seulement', amount: '\u22123,00\u00a0€', bold: false }],
        paper,
      );
      expect(lines.at(-1)!.text).toMatch(/ -3,00\u00a0€$/);
      expect(lines.at(-1)!.text).toHaveLength(columns);
      expect(lines.every((l) => l.text.length <= columns)).toBe(true);
    }
  });

  test('a rule is dashes across the paper; the QR code is a model 2 symbol, centred, with its caption', () => {
    const blocks: TicketBlock[] = [{ type: 'rule' }, { type: 'qr', data: 'https://chez-margot.example/suivi?commande=a&b', caption: 'Suivi de la commande' }];
    const document = eposPrintDocument(blocks, { paper: 58 });
    expect(document).toContain(
      '<symbol type="qrcode_model_2" level="level_m" width="5" height="0" size="0">https://chez-margot.example/suivi?commande=a&amp;b</symbol>',
    );
    expect(printed(blocks, 58).map((line) => [line.text, line.align])).toEqual([
      ['-'.repeat(32), 'left'],
      ['[QR https://chez-margot.example/suivi?commande=a&b]', 'center'],
      ['Suivi de la commande', 'center'],
    ]);
  });
});

describe('Server Direct Print messages', () => {
  test('a job token travels as a print job id of 22 allowed characters and comes back the same', () => {
    const token = 'ab'.repeat(16);
    const id = printJobIdOf(token);
    expect(id).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(tokenOfPrintJobId(id)).toBe(token);
    expect(tokenOfPrintJobId('status')).toBeNull();
    expect(tokenOfPrintJobId('../../etc/passwd.......')).toBeNull();
    expect(() => printJobIdOf('not-a-token')).toThrow();
  });

  test('a ResponseFile of version 2.00 and 3.00 is read; anything else is not', () => {
    const v2 =
      '<?xml version="1.0" encoding="utf-8"?><PrintResponseInfo Version="2.00"><ePOSPrint><Parameter><devid>local_printer</devid><printjobid>ABC123</printjobid></Parameter>' +
      '<PrintResponse><response xmlns="http://www.epson-pos.com/schemas/2011/03/epos-print" success="false" code="EPTR_REC_EMPTY" status="524296" battery="0"/></PrintResponse></ePOSPrint></PrintResponseInfo>';
    expect(readResponseFile(v2)).toEqual({ results: [{ printJobId: 'ABC123', success: false, code: 'EPTR_REC_EMPTY', status: 524296 }], refused: null });
    const v3 =
      '<?xml version="1.0" encoding="UTF-8"?><PrintResponseInfo Version="3.00"><ServerDirectPrint><Response Success="false"><ErrorSummary>Invalid XML format</ErrorSummary></Response></ServerDirectPrint></PrintResponseInfo>';
    expect(readResponseFile(v3)).toEqual({ results: [], refused: 'Invalid XML format' });
    expect(readResponseFile('<PrintResponseInfo><ePOSPrint>')).toBeNull();
    expect(readResponseFile('<Other/>')).toBeNull();
    expect(readResponseFile('pas du XML')).toBeNull();
  });

  test('status bits and codes become the poll’s problem and a French error with Epson’s code', () => {
    expect(faultOf({ success: true, code: '', status: asb.printSuccess })).toEqual({ problem: null, error: null });
    expect(faultOf({ success: false, code: 'EPTR_REC_EMPTY', status: asb.receiptEnd | asb.offLine })).toEqual({
      problem: 'paper_out',
      error: 'Plus de papier (EPTR_REC_EMPTY)',
    });
    expect(faultOf({ success: false, code: 'EPTR_COVER_OPEN', status: asb.coverOpen | asb.offLine })).toEqual({
      problem: 'cover_open',
      error: 'Capot ouvert (EPTR_COVER_OPEN)',
    });
    expect(faultOf({ success: false, code: 'EX_TIMEOUT', status: 0 })).toEqual({ problem: null, error: 'Imprimante hors ligne (EX_TIMEOUT)' });
    expect(faultOf({ success: false, code: '', status: asb.offLine })).toEqual({ problem: null, error: 'Imprimante hors ligne (status 8)' });
    expect(faultOf({ success: false, code: 'EPTR_CUTTER', status: asb.autocutterErr })).toEqual({
      problem: null,
      error: 'Erreur de l’imprimante (EPTR_CUTTER)',
    });
    // A status request that printed nothing still says the paper is out.
    expect(faultOf({ success: true, code: '', status: asb.receiptEnd })).toEqual({ problem: 'paper_out', error: null });
  });
});
