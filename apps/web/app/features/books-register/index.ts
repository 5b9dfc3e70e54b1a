/** The owner's register page (/restaurant/registre; docs/decisions/031). */
export { RegisterPage, type RegisterActionData } from './register-page.tsx';
