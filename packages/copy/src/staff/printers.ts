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
