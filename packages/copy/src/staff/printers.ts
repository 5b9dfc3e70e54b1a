/**
 * The French catalogue — the restaurant's printers (docs/decisions/033-kitchen-printers.md): the
 * back office's printers page, the board's printer states and alarms.
 */

/** A station's name, as the printers page, the board and the test page say it. */
export const stationLabels = { kitchen: 'Cuisine', bar: 'Bar', counter: 'Comptoir' } as const;

/** How a printer is reached, as the printers page says it. */
export const connectionLabels = {
  cloudprnt: 'Star CloudPRNT',
  epson_sdp: 'Epson Server Direct Print',
  tcp: 'ESC/POS en réseau (port 9100)',
  browser: 'Page du navigateur (80 mm)',
} as const;

/** Answers of the printers' own endpoints (a printer or the print agent reads them, in logs). */
export const printerAnswers = {
  unknownPrinter: 'Imprimante inconnue : vérifiez l’adresse saisie dans ses réglages.',
  unknownJob: 'Ticket inconnu ou déjà traité.',
} as const;

/** A printer's state, as the board's banner and the printers page say it (packages/domain/src/printer-health.ts). */
export const printerStates = {
  state: { offline: 'hors ligne', paper_out: 'sans papier', cover_open: 'capot ouvert', failing: 'en échec' },
  ok: 'prête à imprimer',
  off: 'désactivée',
  /** « Imprimante Cuisine hors ligne depuis 12:31 — 3 tickets en attente ». */
  alarm: (name: string, state: string, since: string | null, waiting: number) =>
    `Imprimante ${name} ${state}${since ? ` depuis ${since}` : ''} — ${waiting === 0 ? 'aucun ticket en attente' : waiting === 1 ? '1 ticket en attente' : `${waiting} tickets en attente`}`,
} as const;

/** The owner's e-mail and the staff's push when a printer stops printing while the restaurant is open. */
export const printerAlarm = {
  pushTitle: (name: string) => `Imprimante ${name} : tickets non imprimés`,
  check: 'Vérifiez qu’elle est allumée, reliée au réseau, qu’il lui reste du papier et que son capot est fermé.',
  fallbackTo: (backup: string, seconds: number) => `Après ${seconds} s, ses tickets partent sur l’imprimante ${backup}.`,
  fallbackBrowser: (seconds: number) => `Après ${seconds} s, ses tickets s’affichent à imprimer depuis le tableau des commandes (« Imprimer »).`,
  comingBack:
    'À son retour, elle imprime les tickets des commandes encore en cours, marqués de leur attente ; ceux des commandes terminées sont listés, pas imprimés.',
  openPrinters: 'Voir les imprimantes',
} as const;
