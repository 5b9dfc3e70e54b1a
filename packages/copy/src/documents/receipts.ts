/**
 * The French catalogue — Receipts and invoices (docs/decisions/013-receipts.md).
 * Every word a person reads lives here; the storefront renders these values as they are.
 */
import { words } from '../words.ts';

/** Messages of receipts and invoices (docs/decisions/013-receipts.md). */
export const receiptAnswers = {
  businessNameRequired: 'La raison sociale est obligatoire pour une facture.',
  businessAddressRequired: 'L’adresse de facturation est obligatoire pour une facture.',
  invalidVatNumber: 'Numéro de TVA intracommunautaire invalide (ex. FR12345678901).',
  invalidSiren: 'Le SIREN compte 9 chiffres.',
  unknownReceipt: 'Aucun reçu ne correspond à ce lien. Vérifiez l’adresse reçue par e-mail.',
  receiptNotYet: 'Le reçu sera disponible une fois le paiement de la commande confirmé.',
  noReceiptPrinter: 'Aucune imprimante du comptoir en service : ajoutez-en une dans Imprimantes, ou imprimez le reçu depuis sa page.',
} as const;

/** Texts of the receipt. */
export const receiptPage = {
  notFound: 'Reçu introuvable',
  backToMenu: words.backToMenu,
  downloadPdf: ' Télécharger le PDF',
  print: ' Imprimer',
  siretPrefix: 'SIRET : ',
  vatPrefix: ' · TVA intracommunautaire : ',
  invoiceTitle: (invoiceNumber: string | null) => `Facture ${invoiceNumber}`,
  receiptTitle: (number: string | number) => `Reçu ${number}`,
  orderOn: (orderId: string | number, issuedAtLabel: string | number) => `Commande n° ${orderId} — ${issuedAtLabel}`,
  customer: (customerName: string | number) => `Client : ${customerName}`,
  billedTo: 'Facturé à',
  siren: (siren: string | number) => `SIREN : ${siren}`,
  vatNumberLine: (vatNumber: string | number) => `TVA intracommunautaire : ${vatNumber}`,
  lines: words.items,
  freeMark: words.freeMark,
  ht: (unitPriceHt: string | number) => `${unitPriceHt} HT`,
  unitVat: ' l’unité — TVA ',
  subtotal: words.subtotal,
  delivery: words.delivery,
  freeOfCharge: words.freeFeminineLower,
  vat: words.vat,
  totalExclTax: 'Total HT',
  vatOnBase: (rate: string | number, baseHt: string | number) => `TVA ${rate} sur ${baseHt} HT`,
  totalInclTax: words.totalInclTax,
  paymentPrefix: 'Paiement : ',
  invoiceWord: 'Facture',
  receiptWord: 'Reçu',
  coupon: words.couponCode,
  discount: 'Réduction',
} as const;

/** The receipt as packages/domain/src/receipt.ts builds it: payment labels, order type, legal mentions. */
export const receiptDocument = {
  cardOnline: words.cardOnline,
  cardOnlineTestMode: (testMode: string) => `Carte bancaire en ligne (${testMode})`,
  paidThenRefunded: 'Payée puis remboursée (commande annulée)',
  paidOnline: 'Payée en ligne',
  /** `where`: cashWhereOnSite or cashWhereAtDoor; `payable`: paymentTexts.mealVoucherPayable of the amount. */
  cashWithMealVouchers: (where: string, payable: string) => `${where}, ${payable} (papier ou carte), le reste en espèces ou par carte`,
  /** `where`: cashWhereOnSite or cashWhereAtDoor. */
  cashOnHandover: (where: string) => `${where} (espèces ou carte)`,
  cashWhereOnSite: 'Sur place',
  cashWhereAtDoor: 'À la livraison',
  cancelledNothingDue: 'Commande annulée, rien à régler',
  dueAtPickup: 'À régler au retrait',
  /** Paid at the counter (docs/decisions/031): `summary` « espèces 12,00 € + titre-restaurant papier 8,50 € ». */
  paidAtCounter: (summary: string) => `Payée — ${summary}`,
  partlyPaidAtCounter: (summary: string, rest: string) => `Réglé : ${summary} — reste ${rest} à régler`,
  dueOnDelivery: words.dueOnDelivery,
  paperless: 'Reçu dématérialisé : imprimez-le seulement si besoin (Code de l’environnement, art. L541-15-10).',
  invoicePaidByCard: (date: string) => `Facture acquittée : payée par carte bancaire le ${date}.`,
  invoicePaymentTerms: 'Paiement à la remise de la commande. Pas d’escompte pour paiement anticipé.',
  latePaymentPenalties:
    'En cas de retard de paiement : pénalités au taux de trois fois le taux d’intérêt légal et indemnité forfaitaire de 40 € pour frais de recouvrement (Code de commerce, art. L441-10 et D441-5).',
  takeaway: 'À emporter (retrait au restaurant)',
  /** A receipt or invoice shown or printed again (docs/decisions/031): `reprint` 1 for the first duplicate. */
  duplicate: (reprint: number) => `DUPLICATA n° ${reprint}`,
  delivery: words.delivery,
} as const;

/** The receipt's PDF (apps/api/src/modules/receipts/pdf.ts); the words it shares with the page are in `receiptTexts`. */
export const receiptPdf = {
  sellerIds: (siret: string, vatNumber: string) => `SIRET : ${siret}   ·   TVA intracommunautaire : ${vatNumber}`,
  lineDetails: (details: string, unit: string, rate: string) => `${details ? `${details} — ` : ''}${unit} l’unité — TVA ${rate}`,
  reduction: (isCoupon: boolean, name: string) => `${isCoupon ? 'Code promo' : 'Réduction'} : ${name}`,
  payment: (method: string, state: string) => `Paiement : ${method} — ${state}`,
} as const;
