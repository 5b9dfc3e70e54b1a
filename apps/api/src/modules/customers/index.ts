/**
 * The front door of the `customers` module: what other modules may use of it. Files of other
 * modules import it from here, never from its inner files (eslint.config.js, « API modules »).
 *
 * The customers (docs/decisions/037-customers.md): the page's service (its routes, routes.ts, are
 * wired by app.ts: importing them here would make a cycle through the orders), the board's
 * notices of an order's customer, the retention job's erasure of forgotten customers, and the
 * customer of a new order (its first read, its write, the merge when it joins two).
 */
export { CustomersService, findCustomerNotices, joinCustomersOfOrder } from './service.ts';
export type { CustomerEditor } from './service.ts';
export { eraseForgottenRecords as eraseForgottenCustomers, assignCustomers, knownCustomerKeysSql, newOrderCustomerCtes } from './repository.ts';
export type { KnownCustomerKey } from './repository.ts';
