/**
 * The menu editor (docs/decisions/023; /restaurant/carte): the page, its dish, menu and category
 * forms. Data comes from GET /v2/restaurant/menu (the route's loader); changes are sent by the
 * browser to /v2/restaurant/menu/… (docs/decisions/023-back-office.md).
 */
export { MenuEditorPage } from './menu-editor-page.tsx';
