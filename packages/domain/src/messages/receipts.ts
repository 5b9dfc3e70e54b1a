/**
 * The French catalogue — Receipts and invoices (docs/decisions/013-receipts.md).
 * Every word a person reads lives here (issue 12); the storefront renders these values as they are.
 */

/** Messages of receipts and invoices (docs/decisions/013-receipts.md). Part of `messages` (packages/domain/src/messages.ts). */
export const receiptMessages = {
  businessNameRequired: 'La raison sociale est obligatoire pour une facture.',
  businessAddressRequired: 'L’adresse de facturation est obligatoire pour une facture.',
  invalidVatNumber: 'Numéro de TVA intracommunautaire invalide (ex. FR12345678901).',
  invalidSiren: 'Le SIREN compte 9 chiffres.',
  unknownReceipt: 'Aucun reçu ne correspond à ce lien. Vérifiez l’adresse reçue par e-mail.',
  receiptNotYet: 'Le reçu sera disponible une fois le paiement de la commande confirmé.',
} as const;

/** Texts of apps/web/app/routes/receipt.tsx. */
export const receiptTexts = {
  recuIntrouvable: 'Reçu introuvable',
  retourALaCarte: 'Retour à la carte',
  telechargerLePdf: ' Télécharger le PDF',
  imprimer: ' Imprimer',
  siret: 'SIRET : ',
  tvaIntracommunautaire: ' · TVA intracommunautaire : ',
  facture: (invoice_number: string | null) => `Facture ${invoice_number}`,
  recu: (number: string | number) => `Reçu ${number}`,
  commandeN: (order_id: string | number, issued_at_label: string | number) => `Commande n° ${order_id} — ${issued_at_label}`,
  client: (customer_name: string | number) => `Client : ${customer_name}`,
  factureA: 'Facturé à',
  siren: (siren: string | number) => `SIREN : ${siren}`,
  tvaIntracommunautaire2: (vat_number: string | number) => `TVA intracommunautaire : ${vat_number}`,
  articles: 'Articles',
  offert: ' (offert)',
  ht: (unit_price_ht: string | number) => `${unit_price_ht} HT`,
  lUniteTva: ' l’unité — TVA ',
  sousTotal: 'Sous-total',
  livraison: 'Livraison',
  offerte: 'offerte',
  tva: 'TVA',
  totalHt: 'Total HT',
  tvaSurHt: (rate: string | number, base_ht: string | number) => `TVA ${rate} sur ${base_ht} HT`,
  totalTtc: 'Total TTC',
  paiement: 'Paiement : ',
  facture2: 'Facture',
  recu2: 'Reçu',
  codePromo: 'Code promo',
  reduction: 'Réduction',
} as const;
