import { listCustomers, markCustomer, readCustomer, writeCustomerNote } from '@resto/contract/customers.routes';
import type { Database } from '../../db/client.ts';
import { ok, routes, serve, type StaffEnv } from '../../http/openapi.ts';
import { staffAuthenticator } from '../staff/index.ts';
import type { CustomersService } from './service.ts';

/**
 * The customers, /v2/restaurant/customers… (docs/decisions/037-customers.md), declared in
 * packages/contract/src/customers.routes.ts: any live staff session (blocking is checked by the
 * service: the owner's), never cached.
 */
export function customerRoutes(customers: CustomersService, db: Database, clock: () => Date) {
  const app = routes({ authenticateStaff: staffAuthenticator(db, clock) });
  for (const path of ['/v2/restaurant/customers', '/v2/restaurant/customers/*'])
    app.use(path, async (c, next) => {
      await next();
      c.header('Cache-Control', 'no-store');
    });
  const editor = (c: { var: StaffEnv['Variables'] }) => ({ staffId: c.var.staff.staffId, name: c.var.staff.name, role: c.var.staff.role });
  serve(app, listCustomers, async (c) => ok(c, await customers.list(c.req.valid('query'))));
  serve(app, readCustomer, async (c) => ok(c, await customers.detail(c.req.valid('param').customer_key)));
  serve(app, writeCustomerNote, async (c) => ok(c, await customers.writeNote(c.req.valid('param').customer_key, c.req.valid('json').note, editor(c))));
  serve(app, markCustomer, async (c) => ok(c, await customers.mark(c.req.valid('param').customer_key, c.req.valid('json'), editor(c))));
  return app;
}
