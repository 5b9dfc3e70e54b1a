import { Readable } from 'node:stream';
import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { paintFirst, paintFirstStream } from './paint-first.server.ts';

const entryBody =
  ';\nimport * as route0 from "/assets/root-A.js";\nwindow.__reactRouterRouteModules = {"root":route0};\n\nimport("/assets/entry.client-B.js");';
const page =
  '<!DOCTYPE html><html lang="fr"><head><meta charSet="utf-8"/><link rel="stylesheet" href="/assets/app.css" data-precedence="default"/>' +
  '<link rel="modulepreload" href="/assets/entry.client-B.js" nonce="N0nce=="/><link rel="modulepreload" href="/assets/root-A.js" nonce="N0nce=="/>' +
  '<title>Carte · Chez Margot</title></head><body><main><p>Œufs en meurette — 8,50 €</p></main>' +
  '<script nonce="N0nce==">window.__reactRouterContext = {};</script>' +
  `<script nonce="N0nce==" type="module" async="">${entryBody}</script>` +
  '<!--$--><script nonce="N0nce==">window.__reactRouterContext.streamController.enqueue("[1]");</script><!--/$--></body></html>';

interface FakeElement {
  tagName: string;
  rel?: string;
  href?: string;
  type?: string;
  nonce?: string;
  textContent?: string;
}

/**
 * Runs the inline loader `paintFirst` wrote, in a bare document whose tab is `visibility`, in a
 * browser with or without paint timing; returns what it added and the callbacks it is waiting on.
 */
function runLoader(html: string, visibility: 'visible' | 'hidden', paintTiming = true) {
  const script = /<script nonce="N0nce==">(\(function\(\)[\s\S]*?)<\/script>/.exec(html)?.[1];
  if (!script) throw new Error('no loader');
  const head: FakeElement[] = [];
  const body: FakeElement[] = [];
  const frames: (() => void)[] = [];
  const timers: (() => void)[] = [];
  const paints: (() => void)[] = [];
  const document = {
    currentScript: { nonce: 'N0nce==' },
    visibilityState: visibility,
    createElement: (tagName: string): FakeElement => ({ tagName }),
    head: { appendChild: (e: FakeElement) => head.push(e) },
    body: { appendChild: (e: FakeElement) => body.push(e) },
  };
  class PerformanceObserver {
    static supportedEntryTypes = ['paint', 'largest-contentful-paint'];
    constructor(private readonly callback: (list: unknown, observer: PerformanceObserver) => void) {}
    observe(options: { type: string; buffered: boolean }) {
      expect(options).toEqual({ type: 'paint', buffered: true });
      paints.push(() => this.callback({}, this));
    }
    disconnect() {}
  }
  const window = {
    PerformanceObserver: paintTiming ? PerformanceObserver : undefined,
    requestAnimationFrame: (f: () => void) => frames.push(f),
    setTimeout: (f: () => void) => timers.push(f),
  };
  runInNewContext(script, { document, window });
  return { head, body, frames, timers, paints };
}

describe('paintFirst (issue 15: the page paints before its JavaScript loads)', () => {
  it('takes the modulepreloads and the module entry out of the HTML, and keeps the rest as it was', () => {
    const html = paintFirst(page);
    expect(html).not.toContain('rel="modulepreload"');
    expect(html).not.toContain('type="module"');
    expect(html).toContain('<link rel="stylesheet" href="/assets/app.css" data-precedence="default"/>');
    expect(html).toContain('<p>Œufs en meurette — 8,50 €</p>');
    expect(html).toContain('<script nonce="N0nce==">window.__reactRouterContext = {};</script>');
    expect(html).toContain('<!--$--><script nonce="N0nce==">window.__reactRouterContext.streamController.enqueue("[1]");</script><!--/$--></body></html>');
  });

  it('adds the same preloads and the same module script, with the nonce, once the browser reports the first paint', () => {
    const { head, body, frames, timers, paints } = runLoader(paintFirst(page), 'visible');
    expect(head).toEqual([]);
    expect(body).toEqual([]);
    expect(frames).toEqual([]);
    expect(paints).toHaveLength(1);
    paints[0]!(); // the page has painted
    expect(head).toEqual([
      { tagName: 'link', rel: 'modulepreload', href: '/assets/entry.client-B.js' },
      { tagName: 'link', rel: 'modulepreload', href: '/assets/root-A.js' },
    ]);
    expect(body).toEqual([{ tagName: 'script', type: 'module', nonce: 'N0nce==', textContent: entryBody }]);
    for (const timer of timers) timer(); // the 1 s safety net: nothing more
    expect(head).toHaveLength(2);
    expect(body).toHaveLength(1);
  });

  it('without paint timing: after the next frame; and after 1 s when no frame comes', () => {
    const framed = runLoader(paintFirst(page), 'visible', false);
    expect(framed.frames).toHaveLength(1);
    framed.frames[0]!();
    expect(framed.body).toEqual([]);
    framed.timers.at(-1)!(); // the timer the frame set (after the 1 s one)
    expect(framed.body).toHaveLength(1);

    const stuck = runLoader(paintFirst(page), 'visible', false);
    expect(stuck.timers).toHaveLength(1); // the safety net alone
    stuck.timers[0]!();
    expect(stuck.body).toHaveLength(1);
  });

  it('loads at once in a hidden tab (no frame is painted there)', () => {
    const { head, body, frames, paints } = runLoader(paintFirst(page), 'hidden');
    expect(frames).toEqual([]);
    expect(paints).toEqual([]);
    expect(head).toHaveLength(2);
    expect(body[0]?.textContent).toBe(entryBody);
  });

  it('writes no "<" inside the loader: nothing in the entry can close or open a tag there', () => {
    const entry = 'if (a < b) window.x = "<\\/script><!--";';
    const html = paintFirst(page.replace(entryBody, entry));
    const loader = /<script nonce="N0nce==">(\(function\(\)[\s\S]*?)<\/script>/.exec(html)?.[1] ?? '';
    expect(loader).not.toContain('<');
    expect(runLoader(html, 'hidden').body[0]?.textContent).toBe(entry);
  });

  it('leaves a page without an entry script (the offline page) untouched', () => {
    const offline = '<!DOCTYPE html><html><head><title>Hors ligne</title></head><body><p>Hors ligne</p></body></html>';
    expect(paintFirst(offline)).toBe(offline);
  });

  it('as a stream: the same bytes whatever the chunks, a character cut in two included', async () => {
    const bytes = Buffer.from(page);
    for (const size of [1, 3, 7, 64, 1000, bytes.length]) {
      const chunks: Buffer[] = [];
      for (let i = 0; i < bytes.length; i += size) chunks.push(bytes.subarray(i, i + size));
      const out: Buffer[] = [];
      for await (const chunk of Readable.from(chunks).pipe(paintFirstStream())) out.push(Buffer.from(chunk as Buffer));
      expect(Buffer.concat(out).toString(), `chunks of ${size} bytes`).toBe(paintFirst(page));
    }
  });
});
