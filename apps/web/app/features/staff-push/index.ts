/**
 * Web Push on staff devices (issue 13, part 4): what the staff pages use of this feature. The
 * board calls `subscribeToPush()` after "Démarrer le service"; logging out calls `unsubscribeFromPush()`.
 */
export { subscribeToPush, unsubscribeFromPush } from './staff-push.ts';
