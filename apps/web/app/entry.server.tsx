import type { AppLoadContext, EntryContext } from 'react-router';
import { ServerRouter } from 'react-router';
import { isbot } from 'isbot';
// React's build for web-standard servers, not its Node build: the Node build renders every page
// inside an AsyncLocalStorage, and on Node 20 the first one turns on async hooks for every promise
// of the process for good. Every API answer then cost about 30 % more CPU (a 304 of the menus: 34-38
// against 45-53 µs; docs/decisions/030-no-async-hooks.md). This build looks for a global
// AsyncLocalStorage, which Node does not have, and answers a web stream, which Hono sends as is.
import { renderToReadableStream } from 'react-dom/server.edge';

export const streamTimeout = 5_000;

/**
 * React Router's default entry for web-standard servers, plus spec section 2's "for bots, errors
 * are not rendered": a crawler asking for a missing or broken page gets the status alone, not our
 * error page.
 */
export default async function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: AppLoadContext,
) {
  const userAgent = request.headers.get('user-agent');
  const bot = userAgent !== null && isbot(userAgent);
  if (request.method.toUpperCase() === 'HEAD') return new Response(null, { status: responseStatusCode, headers: responseHeaders });
  if (bot && responseStatusCode >= 400) {
    responseHeaders.set('Content-Type', 'text/plain; charset=utf-8');
    responseHeaders.set('X-Robots-Tag', 'noindex');
    return new Response(null, { status: responseStatusCode, headers: responseHeaders });
  }

  let shellRendered = false;
  // Rendering still going after the loaders' streamTimeout is cut (React Router's default entries).
  const abort = new AbortController();
  const timeoutId = setTimeout(() => abort.abort(), streamTimeout + 1000);
  // The nonce of this answer's Content-Security-Policy: on React Router's inline scripts (hydration
  // data, ScrollRestoration, streamed data) and React's own (docs/decisions/009-http-security-headers.md).
  const nonce = loadContext.cspNonce;
  // Rejects when the shell fails: React Router then answers its error page.
  const body = await renderToReadableStream(<ServerRouter context={routerContext} url={request.url} nonce={nonce} />, {
    nonce,
    signal: abort.signal,
    onError(error: unknown) {
      responseStatusCode = 500;
      if (shellRendered) console.error(error);
    },
  }).catch((error: unknown) => {
    clearTimeout(timeoutId);
    throw error;
  });
  shellRendered = true;
  const finished = () => clearTimeout(timeoutId);
  body.allReady.then(finished, finished);
  // Crawlers and prerendering wait for all content (React's advice for them).
  if (bot || routerContext.isSpaMode) await body.allReady;
  responseHeaders.set('Content-Type', 'text/html; charset=utf-8');
  return new Response(body, { headers: responseHeaders, status: responseStatusCode });
}
