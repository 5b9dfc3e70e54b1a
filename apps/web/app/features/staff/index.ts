/**
 * The staff area (docs/decisions/020-staff-accounts.md): the log-in form, the
 * frame of the signed-in pages, the team page and the invitation form. The routes' loaders read
 * the session with apps/web/app/lib/staff-api.server.ts.
 */
export { StaffLoginForm } from './login-form.tsx';
export { StaffShell } from './staff-shell.tsx';
export { StaffTeamPage } from './team-page.tsx';
export { StaffInvitationForm, StaffInvitationInvalid } from './invitation-form.tsx';
export { backOfficePaths, customerPath, customersPath, historyOrderPath, orderHistoryPath, staffHome } from './paths.ts';
