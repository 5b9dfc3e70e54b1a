/** The customers (/restaurant/clients; docs/decisions/037-customers.md): what the routes use. */
export { CustomersPageView, customersHref, type CustomersQuery } from './customers-page.tsx';
export { CustomerPageView, type CustomerActionAnswer } from './customer-page.tsx';
