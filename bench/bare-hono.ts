import { serve } from '@hono/node-server';
import { Hono } from 'hono';
import { prepareJson } from '../apps/api/src/http/prepared-answer.ts';

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
let orderId = 0;
const app = new Hono({ strict: false });
for (const [path, json] of Object.entries(documents)) {
  const answer = await prepareJson(json);
  const etag = `"${answer.hash}"`;
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
