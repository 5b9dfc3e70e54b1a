/**
 * Web Push on staff devices (docs/decisions/022): what the staff pages use of this feature. The
 * board calls `subscribeToPush()` after "Démarrer le service"; logging out calls `unsubscribeFromPush()`.
 */
export { subscribeToPush, unsubscribeFromPush } from './staff-push.ts';
