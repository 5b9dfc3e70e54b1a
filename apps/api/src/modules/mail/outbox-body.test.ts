import { deflateRawSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { packMailBody, unpackMailBody } from './outbox-body.ts';

/** The outbox rows' packed bodies (docs/decisions/026): what is written reads back, whatever was written before. */
describe('packMailBody / unpackMailBody', () => {
  it('gives back the text and the HTML, accents and symbols included', () => {
    const text = 'Votre commande n° 4001 est confirmée — 11,00 € TTC\nÀ bientôt !';
    const html = '<p>Votre commande <strong>n° 4001</strong> est confirmée — 11,00&nbsp;€</p>';
    expect(unpackMailBody(packMailBody(text, html))).toEqual({ text, html });
  });

  it('a mail longer than the compressor’s 8 KB window reads back whole, and smaller than it was', () => {
    const lines = Array.from({ length: 400 }, (_, i) => `${i + 1} × Pizza Margherita n° ${i} — ${(11 + i / 100).toFixed(2)} €`);
    const text = lines.join('\n');
    const html = `<ul>${lines.map((line) => `<li>${line}</li>`).join('')}</ul>`;
    const packed = packMailBody(text, html);
    expect(unpackMailBody(packed)).toEqual({ text, html });
    expect(text.length + html.length).toBeGreaterThan(30_000);
    expect(packed.length).toBeLessThan((text.length + html.length) / 4);
  });

  it('reads the rows written before with zlib’s default window and level', () => {
    const text = 'Nouvelle commande n° 17';
    const html = '<h1>Nouvelle commande n° 17</h1>';
    for (const options of [{ level: 1 }, {}]) {
      expect(unpackMailBody(deflateRawSync(JSON.stringify([text, html]), options))).toEqual({ text, html });
    }
  });
});
