/**
 * The front door of the `customers` module: what other modules may use of it. Files of other
 * modules import it from here, never from its inner files (eslint.config.js, « API modules »).
 *
 * The customers (docs/decisions/037-customers.md): the page's service and routes, the board's
 * notices of an order's customer, and the retention job's erasure of forgotten customers.
 */
export { CustomersService, findCustomerNotices } from './service.ts';
export type { CustomerEditor } from './service.ts';
export { customerRoutes } from './routes.ts';
export { eraseForgottenRecords as eraseForgottenCustomers } from './repository.ts';
