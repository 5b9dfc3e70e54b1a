/**
 * The customer's account (the /auth and /profile screens of section 2 of the specification): what the
 * routes and the other features use of it. Its state lives in auth-store.ts, imported directly.
 */
export { isSessionLost, sessionHeaders, sessionQuery } from './credentials.ts';
export { downloadMyData } from './download-my-data.ts';
export { DeleteAccountForm } from './delete-account-form.tsx';
export { OrderCard } from './order-card.tsx';
export { useProfileRefresh } from './use-profile-refresh.ts';
export { useGoBackAfterLogin, useLogout, useRequireLogin, useSessionLost } from './use-session.ts';
