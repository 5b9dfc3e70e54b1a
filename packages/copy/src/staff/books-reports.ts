import { words } from '../words.ts';
import { booksRegister } from './books-register.ts';
import { closureMail } from './books.ts';
import { staffArea } from './team.ts';
import { staffWords } from './words.ts';

/**
 * The French texts of the sales report (/restaurant/ventes; docs/decisions/031-the-books.md).
 */

/** Why a report's period is refused (the field is named with it). */
export const booksReportErrors = {
  invalidDay: 'Date invalide : choisissez un jour (AAAA-MM-JJ).',
  endBeforeStart: 'La fin de la période précède son début.',
  tooLong: (days: number) => `Une période couvre au plus ${days} jours : choisissez-en une plus courte.`,
};

/** The page /restaurant/ventes. */
export const salesReportPage = {
  title: staffArea.sales,
  intro: 'Ce que disent les tickets, avoirs et paiements du journal des ventes. Les jours clos sont égaux à leur clôture au centime.',
  periodLabel: booksRegister.archivePeriod,
  periods: { day: 'Un jour', week: 'Une semaine', month: 'Un mois', range: 'Du… au…' },
  fromLabel: 'Le jour',
  rangeFrom: 'Du',
  rangeTo: 'Au',
  show: 'Afficher',
  today: 'Aujourd’hui',
  thisWeek: 'Cette semaine',
  thisMonth: 'Ce mois-ci',
  periodOf: (from: string, to: string) => (from === to ? `Le ${from}` : `Du ${from} au ${to}`),
  live: 'En cours : mis à jour toutes les 30 secondes.',
  closed: 'Période close : ses chiffres ne bougeront plus.',
  salesTtc: 'Ventes TTC',
  salesHt: 'Ventes HT',
  vat: words.vat,
  orders: staffWords.orders,
  averageBasket: 'Panier moyen',
  byRate: 'TVA par taux',
  rate: 'Taux',
  ht: 'HT',
  ttc: 'TTC',
  byMeans: closureMail.byMeans,
  byChannel: 'Par canal',
  channels: { pickup: words.takeaway, delivery: words.delivery, phone: words.phone },
  corrections: 'Avoirs, remboursements, remises',
  creditNotes: closureMail.creditNotes,
  refunds: closureMail.refunds,
  discounts: words.discounts,
  deliveryFees: 'Frais de livraison encaissés',
  dishes: staffWords.dishes,
  quantity: 'Qté',
  amount: 'Montant',
  best: 'La meilleure vente',
  worst: 'La moins vendue',
  noDish: 'Aucun plat vendu sur la période.',
  perHour: 'Commandes par heure',
  hour: (h: number) => `${h} h`,
  hourBar: (h: number, n: number) => `${h} h : ${n} commande${n > 1 ? 's' : ''}`,
  hourColumn: 'Heure',
  hourFigures: 'Les chiffres heure par heure',
  /** What a chart says to a screen reader: its title, then each bar's figure ('Espèces : 12,00 €'). */
  chartOf: (title: string, bars: readonly string[]) => `${title}. ${bars.join(' ; ')}.`,
  barOf: (label: string, figure: string) => `${label} : ${figure}`,
  /** The dishes' chart: the `count` best sold, by quantity. */
  topDishes: (count: number) => `Les ${count} plats les plus vendus, en quantité`,
  customers: staffArea.customers,
  newCustomers: 'Nouveaux',
  returningCustomers: 'Déjà venus',
  nothing: 'Aucune vente sur la période.',
};
