import { Transform } from 'node:stream';
import { StringDecoder } from 'node:string_decoder';

/**
 * Paint first, then load the JavaScript (issue 15, "Pages"; docs/decisions/027-pages-paint-first.md).
 *
 * React Router writes its module preloads in <head> and its hydration entry as an inline
 * `<script type="module" async>` whose static imports the browser fetches and runs while the page
 * is still being parsed: on a phone the ~40 modules compete with the stylesheet and the hero image
 * for the network, and their evaluation can come before the first paint. This moves both behind
 * the first paint. The preload links are taken out of the HTML; the entry stays the same
 * parser-inserted module script (same nonce), whose body first waits for the paint, then adds the
 * same preloads, then imports the same modules (`import()` instead of static imports), then runs
 * the rest of React Router's body unchanged. Hydration is the same, a paint later. A page without
 * React Router's entry (the offline page) passes through untouched.
 */

/** React Router's hydration entry: `<script nonce="…" type="module" async="">…</script>`. */
const entryScript = /<script\b([^>]*)\btype="module" async="">([\s\S]*?)<\/script>/;
const modulePreload = /<link\b[^>]*\brel="modulepreload"[^>]*\bhref="([^"]+)"[^>]*\/?>/g;
/** React Router's static imports in its entry: `import * as route0 from "…";` and `import "…";`. */
const staticImport = /^[ \t]*import\s*(?:\*\s*as\s+([\w$]+)\s+from\s*)?("[^"]+");[ \t]*$/gm;

/** A value as JavaScript inside an inline <script>: JSON with `<` escaped, so `</script>` cannot close it. */
const inlineJson = (value: unknown) =>
  JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');

/**
 * The wait before the modules load: the browser's first paint (a PerformanceObserver of 'paint',
 * which fake clocks leave alone), else the next frame; 1 s at most whatever happens. No wait in a
 * hidden tab (no frame is painted there), nor under a service worker: the modules then come from
 * its cache, not the network, and a controlled page is not a first visit.
 */
const waitForPaint =
  'await new Promise(function(go){var d=document,w=window,done=false;function once(){if(!done){done=true;go()}}' +
  "var c=w.navigator.serviceWorker;if(d.visibilityState!=='visible'||(c&&c.controller))return once();var P=w.PerformanceObserver;" +
  "if(P&&P.supportedEntryTypes&&P.supportedEntryTypes.indexOf('paint')>=0){new P(function(l,o){o.disconnect();once()}).observe({type:'paint',buffered:true})}" +
  'else{w.requestAnimationFrame(function(){w.setTimeout(once,0)})}w.setTimeout(once,1000)});';

/**
 * `html` (a document, or its beginning up to and including React Router's entry script) with its
 * module preloads and its entry's imports deferred until after the first paint; `html` as it is
 * when it has no entry script. The modules are fetched in parallel (the preloads, then one
 * `Promise.all` of the imports, in the entry's order) and evaluated in the same order as before.
 */
export function paintFirst(html: string): string {
  const entry = entryScript.exec(html);
  if (!entry) return html;
  const [whole, attributes = '', body = ''] = entry;
  const before = html.slice(0, entry.index);
  const hrefs = [...before.matchAll(modulePreload)].map((m) => m[1] ?? '');
  const imports = [...body.matchAll(staticImport)].map(([, name, specifier]) => ({ name, specifier: specifier ?? '""' }));
  const rest = body.replace(staticImport, '');
  const preload = `${inlineJson(hrefs)}.forEach(function(u){var l=document.createElement('link');l.rel='modulepreload';l.href=u;document.head.appendChild(l)});`;
  const names = imports.map((i, index) => i.name ?? `_${index}`).join(',');
  const load = imports.length > 0 ? `const [${names}]=await Promise.all([${imports.map((i) => `import(${i.specifier})`).join(',')}]);` : '';
  const script = `<script${attributes}type="module" async="">${waitForPaint}${preload}${load}${rest}</script>`;
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
