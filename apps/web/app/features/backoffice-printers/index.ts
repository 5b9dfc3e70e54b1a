export { PrintersPage } from './printers-page.tsx';
