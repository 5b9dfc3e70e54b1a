/**
 * The front door of the `realtime` module: what other modules may use of it. Files of other
 * modules import it from here, never from its inner files (eslint.config.js, « API modules »).
 *
 * Live events (docs/decisions/021-live-events.md): the staff screens' heartbeats.
 */
export { LastHeartbeat, lastScreenHeartbeat, screenWindowMs } from './screens.ts';
