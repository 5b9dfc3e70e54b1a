import { PassThrough } from 'node:stream';
import type { AppLoadContext, EntryContext } from 'react-router';
import { createReadableStreamFromReadable } from '@react-router/node';
import { ServerRouter } from 'react-router';
import { isbot } from 'isbot';
import { renderToPipeableStream, type RenderToPipeableStreamOptions } from 'react-dom/server';
import { paintFirstStream } from './lib/paint-first.server.ts';

export const streamTimeout = 5_000;

/**
 * React Router's default Node entry, plus spec section 2's "for bots, errors are not rendered":
 * a crawler asking for a missing or broken page gets the status alone, not our error page; and
 * the page's scripts loaded after its first paint (lib/paint-first.server.ts).
 */
export default function handleRequest(
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

  return new Promise((resolve, reject) => {
    let shellRendered = false;
    // Crawlers and prerendering wait for all content (React's advice for them).
    const readyOption: keyof RenderToPipeableStreamOptions = bot || routerContext.isSpaMode ? 'onAllReady' : 'onShellReady';
    let timeoutId: ReturnType<typeof setTimeout> | undefined = setTimeout(() => abort(), streamTimeout + 1000);

    // The nonce of this answer's Content-Security-Policy: on React Router's inline scripts (hydration
    // data, ScrollRestoration, streamed data) and React's own (docs/decisions/009-http-security-headers.md).
    const nonce = loadContext.cspNonce;
    const { pipe, abort } = renderToPipeableStream(<ServerRouter context={routerContext} url={request.url} nonce={nonce} />, {
      nonce,
      [readyOption]() {
        shellRendered = true;
        const body = new PassThrough({
          final(callback) {
            clearTimeout(timeoutId);
            timeoutId = undefined;
            callback();
          },
        });
        responseHeaders.set('Content-Type', 'text/html; charset=utf-8');
        // The page paints before its JavaScript loads (issue 15; docs/decisions/027-pages-paint-first.md).
        pipe(paintFirstStream()).pipe(body);
        resolve(new Response(createReadableStreamFromReadable(body), { headers: responseHeaders, status: responseStatusCode }));
      },
      onShellError(error: unknown) {
        reject(error);
      },
      onError(error: unknown) {
        responseStatusCode = 500;
        if (shellRendered) console.error(error);
      },
    });
  });
}
