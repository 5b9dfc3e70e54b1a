/**
 * The French texts of hours, exceptional days, pause and busy mode: the API's
 * refusals, the /restaurant/horaires page, the board's pause controls (the storefront's banner: ordering.ts).
 * Times are 'HH:MM' in Europe/Paris; durations in minutes.
 */

import { calendarMessages } from '../storefront/ordering.ts';
import { words } from '../words.ts';
import { staffWords } from './words.ts';

const months = ['janvier', 'février', 'mars', 'avril', 'mai', 'juin', 'juillet', 'août', 'septembre', 'octobre', 'novembre', 'décembre'];

/** '2026-12-25' → '25 décembre' (the 1st is written « 1er »). */
function dayOfMonth(date: string): string {
  const day = Number(date.slice(8, 10));
  return `${day === 1 ? '1er' : day} ${months[Number(date.slice(5, 7)) - 1] ?? ''}`;
}

/** Refusals and audit sentences of the API (with calendar.ts's, from ordering.ts). */
export const hoursAnswers = {
  ...calendarMessages,
  pastDate: 'Cette date est passée : choisissez aujourd’hui ou un jour à venir.',
  exceptionExists: 'Une exception existe déjà pour ce jour : modifiez-la plutôt.',
  exceptionNotFound: 'Cette exception n’existe plus.',
  menuNotFound: 'Cette carte n’existe plus.',
  staleHours: 'Quelqu’un a modifié les horaires de cette carte entre-temps : les horaires actuels sont affichés, vos saisies sont conservées.',
  staleException: 'Quelqu’un a modifié ce jour exceptionnel entre-temps : ses valeurs actuelles sont affichées, vos saisies sont conservées.',
  auditHours: (menu: string) => `Horaires de « ${menu} » modifiés`,
  auditExceptionCreate: (date: string, closed: boolean) => `${closed ? 'Fermeture' : 'Ouverture'} exceptionnelle ajoutée le ${dayOfMonth(date)}`,
  auditExceptionUpdate: (date: string) => `Jour exceptionnel du ${dayOfMonth(date)} modifié`,
  auditExceptionDelete: (date: string) => `Jour exceptionnel du ${dayOfMonth(date)} supprimé`,
  auditPause: (time: string) => `Commandes en pause jusqu’à ${time}`,
  auditResume: 'Commandes reprises',
  auditBusy: (extra: number, time: string) => `Mode affluence : +${extra} min jusqu’à ${time}`,
  auditBusyOff: 'Mode affluence arrêté',
} as const;

/** The message an exceptional day gets when the owner leaves it empty. */
export const defaultExceptionMessage = (date: string, isClosed: boolean) => `${isClosed ? 'Fermeture' : 'Ouverture'} exceptionnelle le ${dayOfMonth(date)}`;

/** The pause and busy controls (board header and /restaurant/horaires). */
export const orderingControls = {
  heading: 'Commandes en ligne',
  pause: 'Pause',
  pauseFor: 'Mettre les commandes en pause',
  minutes: (n: number) => `${n} min`,
  restOfDay: 'Reste de la journée',
  pausedUntil: (time: string) => `Commandes en pause jusqu’à ${time}`,
  countdown: (left: string) => `reprise dans ${left}`,
  resume: staffWords.resume,
  busy: 'Affluence',
  busyLabel: 'Mode affluence (délai en plus)',
  busyFor: 'Pendant',
  busyOn: (extra: number, time: string) => `Affluence : +${extra} min jusqu’à ${time}`,
  busyOff: 'Arrêter',
  plusMinutes: (n: number) => `+${n} min`,
  open: 'Commandes ouvertes',
  cancel: staffWords.cancel,
  failed: staffWords.actionFailed,
} as const;

/** The /restaurant/horaires page. */
export const hoursPage = {
  title: words.hours,
  intro: 'Les horaires de chaque carte, les jours exceptionnels, la pause et le mode affluence.',
  menuHeading: (name: string) => `Carte « ${name} »`,
  kinds: { active_times: 'Ouverture', time_ranges: words.delivery, pickup_time_ranges: words.pickup },
  kindHint: {
    active_times: 'Quand la carte est ouverte (commande « dès que possible »).',
    time_ranges: 'Les créneaux de livraison proposés.',
    pickup_time_ranges: 'Les créneaux de retrait proposés.',
  },
  weekdays: { mon: staffWords.monday, tue: staffWords.tuesday, wed: staffWords.wednesday, thu: staffWords.thursday, fri: staffWords.friday, sat: staffWords.saturday, sun: staffWords.sunday },
  closed: words.closed,
  start: 'Début',
  end: 'Fin',
  addRange: 'Ajouter une plage',
  removeRange: 'Retirer cette plage',
  rangeLabel: (day: string, n: number, bound: string) => `${day}, plage ${n}, ${bound}`,
  copyMonday: 'Copier le lundi sur tous les jours',
  save: 'Enregistrer les horaires',
  saving: staffWords.saving,
  saved: 'Horaires enregistrés.',
  midnightHint: 'Une fin à 00:00 signifie minuit. Une plage après minuit s’écrit sur le jour suivant.',
  currentValues: 'Valeurs actuelles enregistrées par quelqu’un d’autre :',
  exceptionsHeading: 'Jours exceptionnels',
  exceptionsIntro: 'Fermetures et ouvertures exceptionnelles : elles remplacent les horaires de la semaine ce jour-là.',
  noExceptions: 'Aucun jour exceptionnel à venir.',
  date: 'Date',
  kind: 'Ce jour-là',
  closedDay: words.closed,
  openDay: 'Ouvert (horaires exceptionnels)',
  message: 'Message affiché sur le site',
  addException: 'Ajouter le jour exceptionnel',
  editException: words.edit,
  updateException: 'Enregistrer le jour',
  deleteException: staffWords.remove,
  cancel: staffWords.cancel,
  closedLabel: words.closed,
  openLabel: (ranges: string) => `Ouverture : ${ranges}`,
  exceptionSaved: 'Jour exceptionnel enregistré.',
  exceptionDeleted: 'Jour exceptionnel supprimé.',
  fixErrors: staffWords.fixErrors,
} as const;
