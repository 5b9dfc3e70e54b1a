import { Readable } from 'node:stream';
import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { paintFirst, paintFirstStream } from './paint-first.server.ts';

// React Router 7's entry script, as the server writes it (one static import per route of the page).
const entryBody =
  ';\nimport * as route0 from "/assets/root-A.js";\nimport * as route1 from "/assets/menu-C.js";\n' +
  'window.__reactRouterRouteModules = {"root":route0,"routes/menu":route1};\n\nimport("/assets/entry.client-B.js");';
const page =
  '<!DOCTYPE html><html lang="fr"><head><meta charSet="utf-8"/><link rel="stylesheet" href="/assets/app.css" data-precedence="default"/>' +
  '<link rel="modulepreload" href="/assets/entry.client-B.js" nonce="N0nce=="/><link rel="modulepreload" href="/assets/root-A.js" nonce="N0nce=="/>' +
  '<link rel="modulepreload" href="/assets/menu-C.js" nonce="N0nce=="/>' +
  '<title>Carte · Chez Margot</title></head><body><main><p>Œufs en meurette — 8,50 €</p></main>' +
  '<script nonce="N0nce==">window.__reactRouterContext = {};</script>' +
  `<script nonce="N0nce==" type="module" async="">${entryBody}</script>` +
  '<!--$--><script nonce="N0nce==">window.__reactRouterContext.streamController.enqueue("[1]");</script><!--/$--></body></html>';

const moduleScript = (html: string) => /<script nonce="N0nce==" type="module" async="">([\s\S]*?)<\/script>/.exec(html)?.[1];

interface Browser {
  visibility?: 'visible' | 'hidden';
  paintTiming?: boolean;
  serviceWorkerController?: boolean;
}

/**
 * Runs the module script `paintFirst` wrote in a bare browser: its body as an async function (what
 * a module's top-level await amounts to), `import()` recorded instead of fetched. Returns what it
 * added to <head>, the imports it started, the route modules it handed to React Router, and the
 * callbacks it is waiting on.
 */
function runEntry(html: string, { visibility = 'visible', paintTiming = true, serviceWorkerController = false }: Browser = {}) {
  const body = moduleScript(html);
  if (body === undefined) throw new Error('no module script');
  const head: { tagName: string; rel?: string; href?: string }[] = [];
  const imported: string[] = [];
  const frames: (() => void)[] = [];
  const timers: { run: () => void; ms: number }[] = [];
  const paints: (() => void)[] = [];
  class PerformanceObserver {
    static supportedEntryTypes = ['paint', 'largest-contentful-paint'];
    constructor(private readonly callback: (list: unknown, observer: PerformanceObserver) => void) {}
    observe(options: { type: string; buffered: boolean }) {
      expect(options).toEqual({ type: 'paint', buffered: true });
      paints.push(() => this.callback({}, this));
    }
    disconnect() {}
  }
  const window: Record<string, unknown> = {
    PerformanceObserver: paintTiming ? PerformanceObserver : undefined,
    navigator: { serviceWorker: { controller: serviceWorkerController ? {} : null } },
    requestAnimationFrame: (run: () => void) => frames.push(run),
    setTimeout: (run: () => void, ms: number) => timers.push({ run, ms }),
  };
  const document = {
    visibilityState: visibility,
    createElement: (tagName: string) => ({ tagName }),
    head: { appendChild: (element: { tagName: string }) => head.push(element) },
  };
  const importModule = (specifier: string) => {
    imported.push(specifier);
    return Promise.resolve({ specifier });
  };
  const done = runInNewContext(`(async function(){${body.replace(/\bimport\(/g, 'importModule(')}})()`, { window, document, importModule }) as Promise<void>;
  return { head, imported, frames, timers, paints, done, routeModules: () => window.__reactRouterRouteModules };
}

describe('paintFirst (issue 15: the page paints before its JavaScript loads)', () => {
  it('takes the modulepreloads and the static imports out of the HTML, and keeps the rest as it was', () => {
    const html = paintFirst(page);
    expect(html).not.toContain('rel="modulepreload"');
    expect(html.match(/type="module"/g)).toHaveLength(1);
    expect(moduleScript(html)).not.toMatch(/^\s*import\s/m);
    expect(html).toContain('<link rel="stylesheet" href="/assets/app.css" data-precedence="default"/>');
    expect(html).toContain('<p>Œufs en meurette — 8,50 €</p>');
    expect(html).toContain('<script nonce="N0nce==">window.__reactRouterContext = {};</script>');
    expect(html).toContain('<!--$--><script nonce="N0nce==">window.__reactRouterContext.streamController.enqueue("[1]");</script><!--/$--></body></html>');
  });

  it('after the first paint: the same preloads, then the same modules, handed to React Router as before', async () => {
    const entry = runEntry(paintFirst(page));
    await Promise.resolve();
    expect(entry.head).toEqual([]);
    expect(entry.imported).toEqual([]);
    expect(entry.paints).toHaveLength(1);
    entry.paints[0]!(); // the page has painted
    await entry.done;
    expect(entry.head).toEqual([
      { tagName: 'link', rel: 'modulepreload', href: '/assets/entry.client-B.js' },
      { tagName: 'link', rel: 'modulepreload', href: '/assets/root-A.js' },
      { tagName: 'link', rel: 'modulepreload', href: '/assets/menu-C.js' },
    ]);
    // The routes' modules in the entry's order, then React Router's client entry (its body, unchanged).
    expect(entry.imported).toEqual(['/assets/root-A.js', '/assets/menu-C.js', '/assets/entry.client-B.js']);
    expect(entry.routeModules()).toEqual({ root: { specifier: '/assets/root-A.js' }, 'routes/menu': { specifier: '/assets/menu-C.js' } });
    for (const timer of entry.timers) timer.run(); // the 1 s safety net: nothing more
    expect(entry.imported).toHaveLength(3);
  });

  it('without paint timing: after the next frame; and after 1 s when no frame comes', async () => {
    const framed = runEntry(paintFirst(page), { paintTiming: false });
    expect(framed.frames).toHaveLength(1);
    expect(framed.timers.map((timer) => timer.ms)).toEqual([1000]);
    framed.frames[0]!();
    expect(framed.imported).toEqual([]);
    framed.timers.find((timer) => timer.ms === 0)!.run(); // the timer the frame set
    await framed.done;
    expect(framed.imported).toHaveLength(3);

    const stuck = runEntry(paintFirst(page), { paintTiming: false });
    await Promise.resolve();
    expect(stuck.imported).toEqual([]);
    stuck.timers[0]!.run(); // 1 s went by without a frame
    await stuck.done;
    expect(stuck.imported).toHaveLength(3);
  });

  it('loads at once in a hidden tab (no frame is painted there) and under a service worker (the modules are in its cache)', async () => {
    for (const browser of [{ visibility: 'hidden' as const }, { serviceWorkerController: true }]) {
      const entry = runEntry(paintFirst(page), browser);
      await entry.done;
      expect(entry.paints).toEqual([]);
      expect(entry.frames).toEqual([]);
      expect(entry.head).toHaveLength(3);
      expect(entry.imported).toEqual(['/assets/root-A.js', '/assets/menu-C.js', '/assets/entry.client-B.js']);
    }
  });

  it('writes no "<" of its own inside the script: a preload URL cannot close the tag', () => {
    const html = paintFirst(page.replace('/assets/root-A.js" nonce', '/assets/</script>.js" nonce'));
    expect(moduleScript(html)).not.toContain('<');
    expect(moduleScript(html)).toContain('"/assets/\\u003c/script>.js"');
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
