import { serve } from '@hono/node-server';
import { Hono } from 'hono';

/**
 * The baseline: a bare Hono server answering the same JSON as ours, with no database and no
 * rules. bench/api.bench.ts compares our server with it in the same run (the ratio is the figure).
 */
const menusBody = process.env.MENUS_BODY ?? '{}';
let orderId = 0;
const app = new Hono({ strict: false });
app.get('/v2/public/menus', (c) => c.body(menusBody, 200, { 'Content-Type': 'application/json' }));
app.post('/v2/public/checkout', async (c) => {
  await c.req.json();
  orderId += 1;
  return c.json({ status: 'success', payload: { order_id: orderId } }, 201);
});
serve({ fetch: app.fetch, port: Number(process.env.PORT ?? 3402) }, () => console.log('ready'));
