import { Transform } from 'node:stream';
import { StringDecoder } from 'node:string_decoder';

/**
 * Paint first, then load the JavaScript (issue 15, "Pages"; docs/decisions/024-pages-paint-first.md).
 *
 * React Router writes its module preloads in <head> and its hydration entry as an inline
 * `<script type="module" async>`: the browser fetches and runs every module while the page is
 * still being parsed, so on a phone the JS competes with the stylesheet and the hero image for
 * the network, and its evaluation can come before the first paint. This moves both behind the
 * first paint: the preload links are taken out of the HTML, and the entry script becomes a small
 * classic script that, once the page has painted (or at once in a hidden tab), adds the
 * same preloads and the same module script (with this answer's CSP nonce) to the document.
 * Hydration is unchanged, a frame later; a page without React Router's entry (the offline page)
 * passes through untouched.
 */

/** React Router's hydration entry: `<script nonce="…" type="module" async="">…</script>`. */
const entryScript = /<script\b([^>]*)\btype="module" async="">([\s\S]*?)<\/script>/;
const modulePreload = /<link\b[^>]*\brel="modulepreload"[^>]*\bhref="([^"]+)"[^>]*\/?>/g;
const nonceAttribute = /\bnonce="([^"]*)"/;

/** A value as JavaScript inside an inline <script>: JSON with `<` escaped, so `</script>` cannot close it. */
const inlineJson = (value: unknown) =>
  JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');

/**
 * `html` (a document, or the beginning of one up to and including React Router's entry script)
 * with its module preloads and entry script deferred until after the first paint; `html` as it
 * is when it has no entry script.
 */
export function paintFirst(html: string): string {
  const entry = entryScript.exec(html);
  if (!entry) return html;
  const [whole, attributes = '', body = ''] = entry;
  const nonce = nonceAttribute.exec(attributes)?.[1];
  const before = html.slice(0, entry.index);
  const hrefs = [...before.matchAll(modulePreload)].map((m) => m[1] ?? '');
  // After the first paint: when the browser reports it (a PerformanceObserver of 'paint', which
  // fake clocks leave alone), else after the next frame; at once in a hidden tab (no frame is
  // painted there); and after 1 s whatever happens. Once.
  const loader =
    `(function(){var d=document,w=window,n=d.currentScript.nonce,m=${inlineJson(hrefs)},b=${inlineJson(body)},done=false;` +
    'function go(){if(done)return;done=true;' +
    "m.forEach(function(u){var l=d.createElement('link');l.rel='modulepreload';l.href=u;d.head.appendChild(l)});" +
    "var s=d.createElement('script');s.type='module';s.nonce=n;s.textContent=b;d.body.appendChild(s)}" +
    "if(d.visibilityState!=='visible')return go();var P=w.PerformanceObserver;" +
    "if(P&&P.supportedEntryTypes&&P.supportedEntryTypes.indexOf('paint')>=0){new P(function(l,o){o.disconnect();go()}).observe({type:'paint',buffered:true})}" +
    'else{w.requestAnimationFrame(function(){w.setTimeout(go,0)})}w.setTimeout(go,1000)})()';
  const script = `<script${nonce === undefined ? '' : ` nonce="${nonce}"`}>${loader}</script>`;
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
