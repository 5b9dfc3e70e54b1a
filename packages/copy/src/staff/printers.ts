/**
 * The French catalogue — the restaurant's printers (docs/decisions/033-kitchen-printers.md): the
 * back office's printers page, the board's printer states and alarms.
 */
import { words } from '../words.ts';
import { orderActions } from './board.ts';
import { booksRegister } from './books-register.ts';
import { offerForm, offersPage } from './offers.ts';
import { staffWords } from './words.ts';

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
  ok: staffWords.readyLower,
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

/** The URL or the command to give a printer, and where it goes (the printers page's « Réglage de l’imprimante »). */
export const printerSetup = {
  title: 'Réglage de l’imprimante',
  copy: booksRegister.copy,
  copied: booksRegister.copied,
  cloudprnt:
    'Ouvrez la page web de l’imprimante (son adresse IP dans un navigateur, identifiant « root », mot de passe « public » par défaut), menu Configuration › CloudPRNT : activez CloudPRNT, collez cette adresse dans « Server URL », intervalle de consultation 5 secondes, puis « Save » et redémarrez l’imprimante.',
  epson_sdp:
    'Ouvrez la page web de l’imprimante (son adresse IP dans un navigateur), menu Server Direct Print : activez-le, collez cette adresse dans « URL », intervalle 5 secondes, puis « Send » et redémarrez l’imprimante.',
  agent:
    'Sur un ordinateur du restaurant (un Raspberry Pi suffit), dans le dossier du projet, lancez cette commande : l’agent prend les tickets sur le serveur et les envoie à l’imprimante à l’adresse indiquée.',
  direct: 'Le serveur envoie les tickets directement à cette adresse : il doit être sur le réseau du restaurant.',
  browser: 'Les tickets s’impriment depuis le tableau des commandes, par la boîte d’impression du navigateur (« Imprimer »).',
  rotate: 'Nouveau secret',
  agentTitle: 'Commande de l’agent d’impression',
  urlTitle: 'Adresse à saisir dans l’imprimante',
  rotateConfirm: 'L’ancienne adresse cessera de fonctionner : il faudra saisir la nouvelle dans les réglages de l’imprimante. Continuer ?',
  rotated: 'Nouveau secret créé : saisissez la nouvelle adresse dans l’imprimante.',
  ownerOnly: 'L’adresse et le secret de l’imprimante sont réservés au propriétaire.',
} as const;

/** The printers page (/restaurant/imprimantes). */
export const printersPage = {
  title: staffWords.printers,
  intro:
    'Les tickets de cuisine s’impriment tout seuls sur ces imprimantes, une fois par commande. Une imprimante muette déclenche une alerte rouge sur chaque tableau.',
  readOnly: 'Seul le propriétaire peut modifier les imprimantes ; vous voyez leur état.',
  empty: 'Aucune imprimante : les tickets s’impriment depuis le navigateur du tableau (« Imprimer »).',
  add: 'Ajouter une imprimante',
  edit: words.edit,
  delete: staffWords.remove,
  confirmDelete: offersPage.confirmRemove,
  confirmRotate: 'Oui, nouveau secret',
  cancel: staffWords.cancel,
  listLabel: 'Vos imprimantes',
  deleteConfirm: (name: string) => `Supprimer l’imprimante « ${name} » ? Ses tickets en attente ne s’imprimeront pas.`,
  deleted: (name: string) => `Imprimante « ${name} » supprimée.`,
  saved: (name: string) => `Imprimante « ${name} » enregistrée.`,
  tickets: 'Tickets',
  lastPoll: 'Dernier contact',
  neverPolled: 'jamais',
  waiting: (count: number) => (count === 0 ? 'aucun ticket en attente' : count === 1 ? '1 ticket en attente' : `${count} tickets en attente`),
  paperWidth: (mm: number) => `${mm} mm`,
  copies: (count: number) => (count === 1 ? '1 exemplaire' : `${count} exemplaires`),
  printOn: { arrival: 'à l’arrivée de la commande', acceptance: 'à l’acceptation' },
  qrCode: { on: 'QR code du suivi', off: 'sans QR code' },
  backup: (name: string, seconds: number) => `secours : ${name} après ${seconds} s`,
  noBackup: 'pas d’imprimante de secours',
  testPage: 'Page de test',
  test: {
    queued: 'Page de test : en attente de l’imprimante…',
    sent: 'Page de test : envoyée, en attente de confirmation…',
    printed: (time: string) => `Page de test imprimée à ${time}`,
    failed: (error: string | null) => `Page de test en échec${error ? ` : ${error}` : ''}`,
  },
  stations: {
    title: 'Postes par catégorie',
    intro: 'Chaque poste imprime les lignes de ses catégories ; « Tous les postes » : la ligne s’imprime partout.',
    all: 'Tous les postes',
    saved: (category: string) => `Catégorie « ${category} » enregistrée.`,
    empty: 'Aucune catégorie à la carte.',
  },
} as const;

/** The printer form (add or edit). */
export const printerForm = {
  createTitle: 'Nouvelle imprimante',
  editTitle: (name: string) => `Modifier « ${name} »`,
  close: words.close,
  name: words.name,
  namePlaceholder: 'Cuisine',
  station: 'Poste',
  paperWidth: 'Largeur du papier',
  connection: 'Liaison',
  host: 'Adresse IP de l’imprimante',
  port: 'Port',
  viaAgent: 'Par l’agent d’impression (le serveur n’est pas sur le réseau du restaurant)',
  copiesShort: 'Exemplaires',
  printOn: staffWords.print,
  qrCode: 'QR code du suivi sur le ticket',
  enabled: 'Activée',
  backup: 'Imprimante de secours',
  noBackup: 'Aucune (page du navigateur)',
  fallbackSeconds: 'Bascule vers le secours après (secondes hors ligne)',
  save: words.save,
  current: 'Valeurs actuelles de l’imprimante :',
  useCurrent: offerForm.useCurrent,
} as const;

/** The API's refusals of the printers' back office (French, with the field). */
export const printerErrors = {
  nameRequired: 'Donnez un nom à l’imprimante (par exemple « Cuisine »).',
  nameTooLong: 'Nom trop long : 60 caractères au plus.',
  copies: 'Entre 1 et 5 exemplaires.',
  port: 'Un port entre 1 et 65535 (9100 en général).',
  fallbackSeconds: 'Entre 30 et 3600 secondes.',
  hostRequired: 'Indiquez l’adresse IP de l’imprimante (par exemple 192.168.1.50).',
  hostInvalid: 'Adresse refusée : une adresse IP ou un nom d’hôte, sans espace ni « http:// ».',
  backupSelf: 'Une imprimante ne peut pas être son propre secours.',
  backupUnknown: 'Cette imprimante de secours n’existe plus.',
  unknownPrinter: 'Imprimante inconnue : elle a peut-être été supprimée.',
  unknownJob: 'Ticket d’impression inconnu.',
  unknownCategory: 'Catégorie inconnue : elle a peut-être été supprimée.',
  stale: 'L’imprimante a été modifiée depuis l’ouverture du formulaire : voici ses valeurs actuelles ; enregistrez à nouveau pour les remplacer.',
  notPrintable: 'Cette imprimante ne reçoit pas de tickets du serveur (désactivée, ou page du navigateur).',
  nothingToReprint: 'Aucune imprimante activée n’imprime les lignes de cette commande.',
} as const;

/** The board's printer states: the order's tickets, « Réimprimer », the header and the red banner. */
export const boardPrinting = {
  /** « Cuisine : imprimé à 12:31 », « Cuisine : en attente (réimpression) ». */
  job: (printer: string, status: string, reprint = false) => `${printer} : ${status}${reprint ? ' (réimpression)' : ''}`,
  status: {
    queued: staffWords.pendingLower,
    sent: 'en cours d’impression',
    printed: (time: string) => `imprimé à ${time}`,
    failed: 'échec',
    skipped: 'non imprimé (commande terminée)',
  },
  reprint: orderActions.reprint,
  reprintOn: (printer: string) => `Réimprimer sur ${printer}`,
  /** « Imprimer le reçu » on the counter's printer, named. */
  printReceipt: (printer: string) => `Imprimer le reçu (${printer})`,
  receiptSent: (printer: string) => `Reçu envoyé à l’imprimante ${printer}.`,
  receiptFailed: 'Le reçu n’a pas pu être envoyé : réessayez.',
  reprinting: words.sending,
  reprinted: 'Ticket renvoyé à l’imprimante.',
  headerLabel: staffWords.printers,
  bannerLink: printerAlarm.openPrinters,
  skipped: (orders: readonly number[]) => `Tickets listés, non imprimés (commandes déjà terminées) : ${orders.map((id) => `n° ${id}`).join(', ')}`,
  /** « 12:31 · Ticket imprimé (Cuisine) ». */
  eventLine: (time: string, text: string) => `${time} · ${text}`,
  /** The board's event list: what the stream said of a ticket. */
  events: {
    ticket_printed: (printer: string | null) => (printer ? `Ticket imprimé (${printer})` : 'Ticket imprimé'),
    ticket_failed: (printer: string | null, error: string | null) => `Ticket en échec${printer ? ` (${printer})` : ''}${error ? ` : ${error}` : ''}`,
  },
} as const;
