import { serve } from '@hono/node-server';
import { Hono } from 'hono';
import { prepareJson } from '../apps/api/src/http/fast-path/prepared-answer.ts';

/**
 * The baseline: a bare Hono server answering the same JSON as ours (MENUS_BODY, SETTINGS_BODY,
 * OFFERS_BODY), with no database, no rules and no middleware. bench/api.bench.ts compares our
 * server with it in the same run (the ratio is the figure). To be fair it does what ours does
 * with each document, the least way: bytes written once at start, in the same gzip and brotli
 * encodings (the same bytes as ours), 304 when If-None-Match is its ETag.
 */
const documents = {
  '/v2/public/menus': process.env.MENUS_BODY ?? '{}',
  '/v2/public/settings': process.env.SETTINGS_BODY ?? '{}',
  '/v2/public/offers': process.env.OFFERS_BODY ?? '{}',
};
/**
 * EXTRA_HEADERS (a JSON object): headers put on every document's answer besides its own, as a plain
 * object in the Response (the cheapest way): bench/api.bench.ts runs a second bare server with the
 * headers our answers carry (security headers, Vary, Cache-Control), to show what they cost alone.
 */
const extraHeaders = JSON.parse(process.env.EXTRA_HEADERS ?? 'null') as Record<string, string> | null;
let orderId = 0;
const app = new Hono({ strict: false });
for (const [path, json] of Object.entries(documents)) {
  const answer = await prepareJson(json);
  const etag = `"${answer.hash}"`;
  if (extraHeaders) {
    app.get(path, (c) => {
      const headers = { ...extraHeaders, ETag: etag };
      if (c.req.header('if-none-match') === etag) return new Response(null, { status: 304, headers });
      const accepted = c.req.header('accept-encoding') ?? '';
      const encoding = accepted.includes('br') ? 'br' : accepted.includes('gzip') ? 'gzip' : 'identity';
      return new Response(answer[encoding], {
        status: 200,
        headers: { ...headers, 'Content-Type': 'application/json', ...(encoding === 'identity' ? {} : { 'Content-Encoding': encoding }) },
      });
    });
    continue;
  }
  app.get(path, (c) => {
    if (c.req.header('if-none-match') === etag) return c.body(null, 304, { ETag: etag });
    const accepted = c.req.header('accept-encoding') ?? '';
    if (accepted.includes('br')) return c.body(answer.br, 200, { 'Content-Type': 'application/json', 'Content-Encoding': 'br', ETag: etag });
    if (accepted.includes('gzip')) return c.body(answer.gzip, 200, { 'Content-Type': 'application/json', 'Content-Encoding': 'gzip', ETag: etag });
    return c.body(answer.identity, 200, { 'Content-Type': 'application/json', ETag: etag });
  });
}
app.post('/v2/public/checkout', async (c) => {
  await c.req.json();
  orderId += 1;
  return c.json({ status: 'success', payload: { order_id: orderId } }, 201);
});
serve({ fetch: app.fetch, port: Number(process.env.PORT ?? 3402) }, () => console.log('ready'));
