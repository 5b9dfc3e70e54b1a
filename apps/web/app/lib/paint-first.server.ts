import { Transform } from 'node:stream';
import { StringDecoder } from 'node:string_decoder';

/**
 * Paint first, then load the JavaScript (issue 15, "Pages"; docs/decisions/024-pages-paint-first.md).
 *
 * React Router writes its module preloads in <head> and its hydration entry as an inline
 * `<script type="module" async>`: the browser fetches and runs every module while the page is
 * still being parsed, so on a phone the JS competes with the stylesheet and the hero image for
 * the network, and its evaluation can come before the first paint. This moves both behind the
 * first paint: the preload links are taken out of the HTML, and the entry script waits for the
 * first paint, adds the same preloads, then imports the same modules. Hydration is unchanged, a
 * paint later; a page without React Router's entry (the offline page) passes through untouched.
 */

/** React Router's hydration entry: `<script nonce="…" type="module" async="">…</script>`. */
const entryScript = /<script\b([^>]*)\btype="module" async="">([\s\S]*?)<\/script>/;
const modulePreload = /<link\b[^>]*\brel="modulepreload"[^>]*\bhref="([^"]+)"[^>]*\/?>/g;

/** A value as JavaScript inside an inline <script>: JSON with `<` escaped, so `</script>` cannot close it. */
const inlineJson = (value: unknown) =>
  JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');

/** React Router's static imports in its entry: `import * as route0 from "…";` and `import "…";`. */
const namespaceImport = /^[ \t]*import\s*\*\s*as\s+([\w$]+)\s+from\s*("[^"]+");/gm;
const bareImport = /^[ \t]*import\s*("[^"]+");/gm;

/**
 * `html` (a document, or the beginning of one up to and including React Router's entry script)
 * with its module preloads and its entry's imports deferred until after the first paint; `html`
 * as it is when it has no entry script. The entry stays the same parser-inserted
 * `<script type="module" async>` (same nonce): its body first waits for the paint, then adds the
 * preloads, then imports what it imported statically (`const route0 = await import("…")`), in the
 * same order; the rest of the body is unchanged.
 */
export function paintFirst(html: string): string {
  const entry = entryScript.exec(html);
  if (!entry) return html;
  const [whole, attributes = '', body = ''] = entry;
  const before = html.slice(0, entry.index);
  const hrefs = [...before.matchAll(modulePreload)].map((m) => m[1] ?? '');
  // After the first paint: when the browser reports it (a PerformanceObserver of 'paint', which
  // fake clocks leave alone), else after the next frame; after 1 s whatever happens. At once in a
  // hidden tab (no frame is painted there), and under a service worker: the modules come from its
  // cache, not the network, and deferred there the new worker of a second build activated on its
  // own instead of waiting for « Actualiser » (e2e/update-banner.spec.ts).
  const waitForPaint =
    'await new Promise(function(go){var d=document,w=window,done=false;function once(){if(!done){done=true;go()}}' +
    "var c=w.navigator.serviceWorker;if(d.visibilityState!=='visible'||(c&&c.controller))return once();var P=w.PerformanceObserver;" +
    "if(P&&P.supportedEntryTypes&&P.supportedEntryTypes.indexOf('paint')>=0){new P(function(l,o){o.disconnect();once()}).observe({type:'paint',buffered:true})}" +
    'else{w.requestAnimationFrame(function(){w.setTimeout(once,0)})}w.setTimeout(once,1000)});';
  const preload = `${inlineJson(hrefs)}.forEach(function(u){var l=document.createElement('link');l.rel='modulepreload';l.href=u;document.head.appendChild(l)});`;
  const imports = body.replace(namespaceImport, 'const $1 = await import($2);').replace(bareImport, 'await import($1);');
  const script = `<script${attributes}type="module" async="">${waitForPaint}${preload}\n${imports}</script>`;
  return before.replace(modulePreload, '') + script + html.slice(entry.index + whole.length);
}

/**
 * A stream transform applying {@link paintFirst} to a streamed HTML answer: it holds the text back
 * until React Router's entry script has gone by (it is part of React's shell), rewrites that part,
 * then passes the rest (streamed data, late Suspense boundaries) through as it comes.
 */
export function paintFirstStream(): Transform {
  // Text, not bytes: a chunk may end inside a multi-byte character.
  const decoder = new StringDecoder('utf8');
  let held = '';
  let passing = false;
  return new Transform({
    transform(chunk: Buffer | string, _encoding, callback) {
      const text = typeof chunk === 'string' ? chunk : decoder.write(chunk);
      if (passing) return callback(null, text);
      held += text;
      const entry = entryScript.exec(held);
      if (!entry) return callback();
      const end = entry.index + entry[0].length;
      passing = true;
      const out = paintFirst(held.slice(0, end)) + held.slice(end);
      held = '';
      callback(null, out);
    },
    flush(callback) {
      const rest = held + decoder.end();
      callback(null, rest || undefined);
    },
  });
}
