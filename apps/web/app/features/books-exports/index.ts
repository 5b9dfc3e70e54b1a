/** The owner's accountant's exports page (/restaurant/exports; docs/decisions/032). */
export { ExportsPage } from './exports-page.tsx';
