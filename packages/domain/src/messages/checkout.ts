/**
 * The French catalogue — The checkout tabs, the schedule and the confirmation page (spec sections 7 and 8).
 * Every word a person reads lives here (docs/decisions/018); the storefront renders these values as they are.
 */

/** Texts of apps/web/app/features/checkout/cart-summary.tsx. */
export const cartSummaryTexts = {
  panier: 'Panier',
  modifier: 'Modifier',
} as const;

/** Texts of apps/web/app/features/checkout/confirmation-tab.tsx. */
export const confirmationTabTexts = {
  modifier: 'Modifier',
  verifiezEtConfirmez: 'Vérifiez et confirmez',
  aCompleter: 'À compléter',
  adresseACompleter: 'Adresse à compléter',
  envoiDeLaCommande: 'Envoi de la commande…',
  confirmerLaCommande: 'Confirmer la commande',
  enConfirmantVousVousEngagez: (livraison: string | number) => `En confirmant, vous vous engagez à régler la commande ${livraison}.`,
  desQuePossible: 'dès que possible',
  aEmporter: 'À emporter',
  livraison: 'Livraison',
  livraison2: (when: string | number, value1: string | number) => `Livraison ${when} : ${value1}`,
  /** 'Retrait dès que possible, 12 rue …': the pickup's time and the restaurant's address. */
  retraitA: (when: string, restaurantAddress: string) => `Retrait ${when}, ${restaurantAddress}`,
  auRetrait: 'au retrait',
  aLaLivraison: 'à la livraison',
} as const;

/** Texts of apps/web/app/features/checkout/delivery-tab.tsx. */
export const deliveryTabTexts = {
  retraitAuRestaurant: 'Retrait au restaurant',
  adresseDeLivraison: 'Adresse de livraison',
  votreCommandeEstPreteAu: (pickupMinimumTime: string | number) =>
    `Votre commande est prête au créneau choisi, ou environ ${pickupMinimumTime} minutes après confirmation.`,
  adresse: 'Adresse',
  complementEtageCode: 'Complément (étage, code…)',
  codePostal: 'Code postal',
  ville: 'Ville',
  pays: 'Pays',
  nousLivrons: (postalCode: string | number) => `Nous livrons : ${postalCode}.`,
  verificationDeLAdresse: 'Vérification de l’adresse…',
  continuer: 'Continuer',
} as const;

/** Texts of apps/web/app/features/checkout/payment-tab.tsx. */
export const paymentTabTexts = {
  moyenDePaiement: 'Moyen de paiement',
  continuer: 'Continuer',
} as const;

/** Texts of apps/web/app/features/checkout/personal-tab.tsx. */
export const personalTabTexts = {
  vosCoordonnees: 'Vos coordonnées',
  connecteAvecLaCommandeSera: (email: string | number) => `Connecté avec ${email} : la commande sera dans votre historique.`,
  vousAvezUnCompte: 'Vous avez un compte ?',
  connectezVous: 'Connectez-vous',
  pourRetrouverVosCoordonneesFacultatif: 'pour retrouver vos coordonnées (facultatif).',
  prenom: 'Prénom',
  nom: 'Nom',
  eMail: 'E-mail',
  telephone: 'Téléphone',
  nousUtilisonsCesInformationsUniquement: 'Nous utilisons ces informations uniquement pour votre commande.',
  continuer: 'Continuer',
} as const;

/** Texts of apps/web/app/features/checkout/receipt-options.tsx. */
export const receiptOptionsTexts = {
  nePasFaireFigurerMon: 'Ne pas faire figurer mon nom sur le reçu',
  besoinDUneFacturePour: 'Besoin d’une facture pour votre entreprise ? (facultatif)',
  raisonSociale: 'Raison sociale',
  adresseDeFacturation: 'Adresse de facturation',
  nDeTvaIntracommunautaireFacultatif: 'N° de TVA intracommunautaire (facultatif)',
  sirenFacultatif: 'SIREN (facultatif)',
} as const;

/** Texts of apps/web/app/features/checkout/schedule-picker.tsx. */
export const schedulePickerTexts = {
  quandSouhaitezVousRetirerVotre: 'Quand souhaitez-vous retirer votre commande ?',
  quandSouhaitezVousEtreLivre: 'Quand souhaitez-vous être livré ?',
  desQuePossible: 'Dès que possible',
  environMin: (minimumTimeMinutes: string | number) => `Environ ${minimumTimeMinutes} min`,
  leRestaurantEstFermePour: 'Le restaurant est fermé pour le moment',
  /** ASAP not offered while no staff screen is connected (docs/decisions/022). */
  pasDeCommandeImmediate: 'Pas de commande immédiate pour le moment : choisissez un créneau',
  /** ASAP stopped by the owner's pause; the slots after its end stay offered (docs/decisions/023). */
  pausedChooseSlot: (time: string) => `Le restaurant fait une pause jusqu’à ${time} : choisissez un créneau`,
  planifier: 'Planifier',
  aucunCreneauNEstDisponible: 'Aucun créneau n’est disponible dans les 7 prochains jours.',
  jour: 'Jour',
  creneau: 'Créneau',
  choisirUnCreneau: 'Choisir un créneau',
  aujourdHui: (d: string | number) => `Aujourd’hui (${d})`,
  demain: (d: string | number) => `Demain (${d})`,
} as const;

/** Texts of apps/web/app/features/checkout/tabs-nav.tsx. */
export const tabsNavTexts = {
  etapesDeLaCommande: 'Étapes de la commande',
  mode: 'Mode',
  livraison: 'Livraison',
  coordonnees: 'Coordonnées',
  retrait: 'Retrait',
  paiement: 'Paiement',
  confirmation: 'Confirmation',
} as const;

/** Texts of apps/web/app/features/checkout/type-tab.tsx. */
export const typeTabTexts = {
  commentSouhaitezVousRecevoirVotre: 'Comment souhaitez-vous recevoir votre commande ?',
  aEmporter: 'À emporter',
  retraitAuRestaurantPaiementSur: 'Retrait au restaurant, paiement sur place.',
  livraison: 'Livraison',
  chezVousSelonVotreAdresse: 'Chez vous, selon votre adresse (frais selon la zone).',
  nonProposeeParLeRestaurant: 'Non proposée par le restaurant.',
  retraitSurPlaceChoisi: 'Retrait sur place choisi.',
  livraisonChoisie: 'Livraison choisie.',
} as const;

/** Texts of apps/web/app/routes/checkout.tsx. */
export const checkoutTexts = {
  votreCommande: 'Votre commande',
  votrePanierEstVide: 'Votre panier est vide.',
  voirLaCarte: 'Voir la carte',
  chargement: 'Chargement…',
  precedent: '← Précédent',
  recapitulatifDuPanier: 'Récapitulatif du panier',
  pageTitle: 'Commande',
} as const;

/** Texts of apps/web/app/routes/success.tsx. */
export const successTexts = {
  merci: 'Merci',
  votreCommande: 'Votre commande ',
  n: (orderId: string | number) => `n° ${orderId}`,
  estBienEnregistree: ' est bien enregistrée.',
  votreCommandeEstBienEnregistree: 'Votre commande est bien enregistrée.',
  /** 'Livraison le mardi 24 novembre, 12:30–12:45 au 8 rue Mercière, 69002 Lyon' (then the payment's clause). */
  livraisonAu: (when: string, address: string) => `Livraison ${when} au ${address}`,
  /** 'Retrait dès que possible au 12 rue …' (then the payment's clause). */
  retraitAu: (when: string, restaurantAddress: string) => `Retrait ${when} au ${restaurantAddress}`,
  /** The payment's clause: a card order was paid before /success; cash (and meal vouchers) at the door or the counter. */
  paiementALaLivraison: ', paiement à la livraison.',
  paiementSurPlace: ', paiement sur place.',
  dejaPayeeParCarte: ', déjà payée par carte.',
  pourTouteQuestion: 'Pour toute question : ',
  offert: 'Offert',
  codePromo: (name: string | number) => `Code promo · ${name}`,
  livraison: 'Livraison',
  gratuit: 'Gratuit',
  totalTtc: 'Total TTC',
  voirLeRecu: 'Voir le reçu',
  retourALaCarte: 'Retour à la carte',
  commandeEnvoyeeMerci: 'Commande envoyée · Merci !',
  desQuePossible: 'dès que possible',
  restaurant: 'restaurant',
} as const;

const list = (names: readonly string[]) => names.map((n) => `« ${n} »`).join(', ');

/** French sentences of scheduling (section 8's alert included). */
export const scheduleMessages = {
  closedNow: 'Le restaurant est fermé pour le moment : choisissez un créneau pour plus tard.',
  /** No staff screen connected (docs/decisions/022): nobody would see an ASAP order at once. */
  noScreenNow: 'Le restaurant ne prend pas de commande immédiate pour le moment : choisissez un créneau.',
  notServedNow: (names: readonly string[]) =>
    `Ces plats ne sont pas servis en ce moment : ${list(names)}. Choisissez un créneau pour plus tard ou retirez-les.`,
  dateRequired: 'Choisissez un jour.',
  datePast: 'Ce jour est déjà passé : choisissez un autre jour.',
  dateTooFar: (days: number) => `Les commandes se planifient au plus ${days} jours à l’avance.`,
  slotRequired: 'Choisissez un créneau horaire.',
  slotUnavailable: 'Ce créneau n’est plus disponible : choisissez-en un autre.',
  /** Section 8, 'The following items in your cart are not available at the selected time…'. */
  itemsNotAvailable: (names: readonly string[]) =>
    `Les articles suivants de votre panier ne sont pas disponibles à l’heure choisie : ${list(names)}. Veuillez choisir un autre horaire ou retirer ces articles.`,
  /** An order wanted as soon as possible (spec section 7: no delivery_date). */
  asSoonAsPossible: 'dès que possible',
  /** A scheduled order: 'le mercredi 25 novembre, 12:30–12:45'. */
  onDayAtSlot: (day: string, slot: string) => `le ${day}, ${slot}`,
} as const;
