/**
 * The texts of hours the storefront shows: calendar.ts's rules and the banner of
 * a pause or a busy time. Apart from backoffice-hours.ts so that the storefront's first load does not
 * carry the back office's and the API's sentences.
 */

/** The refusals of calendar.ts (opening bands, the pause); backoffice-hours.ts's hoursMessages holds them too. */
export const calendarMessages = {
  endBeforeStart: 'L’heure de fin doit être après l’heure de début.',
  overlap: 'Cette plage chevauche une autre plage du même jour.',
  /** « Dès que possible » refused while paused (ordering_paused): the slots after the pause stay open. */
  pausedAsap: (time: string) => `Le restaurant fait une pause jusqu’à ${time} : choisissez un créneau.`,
  /** A slot starting before the pause's end refused (ordering_paused). */
  pausedSlot: (time: string) => `Ce créneau tombe pendant la pause du restaurant : choisissez un créneau à partir de ${time}.`,
} as const;

/** The storefront's banner. */
export const orderingBanner = {
  paused: (time: string) => `Commandes en pause — reprise à ${time}`,
  pausedHint: 'Vous pouvez commander dès maintenant pour un créneau après la reprise.',
  busy: (extra: number) => `Forte affluence : comptez ${extra} min de plus.`,
} as const;
