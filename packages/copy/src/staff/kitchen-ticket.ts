/**
 * The French catalogue — the kitchen ticket printed on a thermal printer
 * (packages/domain/src/kitchen-ticket.ts; docs/decisions/019). The facts it shares with the browser's
 * ticket and the board's cards (order number, pickup or delivery, payment state, allergens…) come from
 * staff/board.ts; only the paper's own words live here.
 */

/** The printed ticket's own words. */
export const printedTicket = {
  /** On a copy that may be the second of the same ticket (a job sent again after its timeout). */
  reprint: 'RÉIMPRESSION',
  /** Under the QR code of the customer's status page. */
  trackingCaption: 'Suivi de la commande',
  /** A line the station's filter kept out of a station's ticket: how many other lines the order has. */
  otherStations: (count: number) => (count === 1 ? '+ 1 ligne pour un autre poste' : `+ ${count} lignes pour d’autres postes`),
  /** A dish line ('2 × Burger du chef'), or an option chosen more than once ('2 × Supplément cheddar'). */
  quantity: (quantity: number, name: string) => `${quantity} × ${name}`,
  /** An option under its dish. */
  option: (text: string) => `+ ${text}`,
  /** A free item an offer gave: '1 × Cookie (offert)'. */
  freeLine: (quantity: number, name: string, free: string) => `${quantity} × ${name} (${free})`,
  /** The customer's line: 'Client : Margot Dupré'. */
  customer: (label: string, name: string) => `${label} : ${name}`,
  /** A ticket printed late (its printer was offline): since when, and how long it waited. */
  waitedSince: (time: string, minutes: number) => `EN ATTENTE DEPUIS ${time} (${minutes} min)`,
  /** The test page a printer prints from the back office. */
  testPage: {
    title: 'PAGE DE TEST',
    printer: (name: string) => `Imprimante : ${name}`,
    station: (station: string) => `Poste : ${station}`,
    paper: (width: number, columns: number) => `Papier ${width} mm, ${columns} colonnes`,
    at: (when: string) => `Imprimée le ${when}`,
    accents: 'Accents : àâäçéèêëîïôöùûüÿ ÀÂÇÉÈÊËÎÏÔÙÛÜŸ œŒæÆ',
    euro: 'Euro : 12,50 € — « guillemets »',
    ok: 'Si vous lisez ce texte, l’imprimante est prête.',
  },
  /** The payment state with « mode test » beside it. */
  paymentWithTestMode: (payment: string, testMode: string) => `${payment} · ${testMode}`,
} as const;
