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
  unsupportedMedia: 'Format non servi : demandez le ticket en StarPRNT (application/vnd.star.starprnt) ou en ESC/POS (application/vnd.escpos).',
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

/** A request of a printer the server cannot read (its endpoint answers 400; the printer logs it). */
export const printerRequestErrors = {
  /** A Server Direct Print post whose form is not the one Epson documents. */
  malformedForm: 'Requête de l’imprimante illisible : formulaire ConnectionType=GetRequest ou SetResponse attendu.',
  /** A SetResponse whose ResponseFile is not the XML Epson documents. */
  malformedResponseFile: 'Résultat d’impression illisible : ResponseFile doit être le XML PrintResponseInfo d’Epson.',
} as const;

/** Why a ticket did not print, as the printer said it (the job's last error, the board's « échec »). */
export const printerFaults = {
  paperOut: 'Plus de papier',
  coverOpen: 'Capot ouvert',
  offline: 'Imprimante hors ligne',
  /** Any other fault: the printer's own code, for the technician. */
  other: 'Erreur de l’imprimante',
  /** The fault with the printer's code: 'Plus de papier (EPTR_REC_EMPTY)'. */
  withCode: (fault: string, code: string) => `${fault} (${code})`,
  /** The ticket of a job that had nothing left to print (order deleted, no line for the station). */
  nothingToPrint: 'Rien à imprimer pour ce poste',
} as const;
