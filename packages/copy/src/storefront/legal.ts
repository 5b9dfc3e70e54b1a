/**
 * The French catalogue — The legal pages: privacy policy, terms of service, cookie policy (their prose).
 * Every word a person reads lives here; the storefront renders these values as they are.
 */
import { words } from '../words.ts';
import { storefrontWords } from './words.ts';

/** Texts of the cookie policy. */
export const cookiePolicy = {
  heading: storefrontWords.cookiePolicy,
  intro: 'Nous n’utilisons que ce qui est nécessaire pour que la commande fonctionne, sauf si vous acceptez la mesure d’audience.',
  storageHeading: 'Ce que le site enregistre',
  name: words.name,
  type: words.type,
  purpose: 'Finalité',
  duration: storefrontWords.duration,
  typeLabel: 'Type : ',
  purposeLabel: 'Finalité : ',
  durationLabel: storefrontWords.durationLabel,
  necessaryNote:
    'Ces éléments sont strictement nécessaires au service demandé : ils ne requièrent pas votre consentement (article 82 de la loi Informatique et Libertés).',
  analyticsHeading: 'Mesure d’audience',
  analyticsConsent: (tagManager: string | number) =>
    `Si vous cliquez sur « Accepter », nous chargeons un outil de mesure d’audience (${tagManager}) qui dépose ses propres cookies. Si vous refusez, rien n’est chargé.`,
  noAnalytics: 'Aucun outil de mesure d’audience ni aucun traceur publicitaire n’est utilisé sur ce site actuellement.',
  changeMindHeading: 'Changer d’avis',
  changeMindText: 'Votre choix est conservé dans votre navigateur. Vous pouvez le modifier à tout moment :',
  changeChoice: 'Modifier mon choix',
  questions: (email: string | number) => `Pour toute question : ${email}.`,
  metaDescription: 'Ce que le site enregistre dans votre navigateur, pourquoi, et comment changer d’avis.',
  cookieType: 'Cookie',
  languagePurpose: 'Retenir la langue du site (français)',
  localStorageType: 'Stockage local',
  consentPurpose: 'Retenir votre réponse à la question des cookies',
  untilErasedOrIdle: 'Jusqu’à effacement, ou 48 h sans visite',
  cartName: storefrontWords.yourCart,
  untilOrderOrIdle: 'Jusqu’à la commande, ou 48 h sans visite',
  checkoutFieldsPurpose: 'Les champs de la commande en cours, pour ne pas les ressaisir',
  lastOrderPurpose: 'Afficher le récapitulatif de votre dernière commande',
  locationPurpose: 'Retrait ou livraison, et votre adresse de livraison',
  allergenFilterPurpose: 'Les allergènes que vous masquez sur la carte',
  idleErasurePurpose: 'Effacer ces données après 48 h sans visite',
  renewedEachVisit: 'Renouvelé à chaque visite',
  installDismissPurpose: 'Ne plus proposer l’installation de l’application une fois installée ou refusée',
  untilErased: 'Jusqu’à effacement',
  appCachesName: 'Caches de l’application',
  browserCacheType: 'Cache du navigateur',
  offlinePurpose: 'Consulter la carte hors connexion (service worker)',
  cacheLimit: 'Vidés au-delà de 50 Mo ou à chaque nouvelle version',
} as const;

/** Texts of the privacy policy. */
export const privacyPolicy = {
  heading: storefrontWords.privacyPolicy,
  controller: (companyName: string | number, address: string | number, email: string | number) =>
    `Responsable du traitement : ${companyName}, ${address} — ${email}.`,
  dataHeading: 'Les données que nous traitons',
  data: 'Données',
  purpose: 'Pourquoi',
  legalBasis: 'Base légale',
  duration: storefrontWords.duration,
  contactData: 'Prénom, nom, e-mail, téléphone, notes pour la cuisine (commande sans compte)',
  purposeLabel: 'Pourquoi : ',
  contactPurpose: 'Préparer la commande, vous prévenir en cas de souci, répondre à une réclamation',
  legalBasisLabel: 'Base légale : ',
  contractBasis: 'Exécution du contrat',
  contactRetention: (retention: string | number) =>
    `${retention} après la commande, puis effacées automatiquement (la commande reste, anonymisée, pour la comptabilité)`,
  durationLabel: storefrontWords.durationLabel,
  deliveryAddress: storefrontWords.deliveryAddress,
  deliveryPurpose: 'Calculer les frais et livrer',
  deliveryRetention: 'Comme vos coordonnées : la rue est effacée, seuls le code postal et la ville restent',
  orderData: 'Contenu et montant des commandes',
  orderPurpose: 'Comptabilité, réclamations, suggestions « souvent pris avec » (statistiques sans nom)',
  orderBasis: 'Obligation légale, intérêt légitime',
  orderRetention: '10 ans (pièces comptables)',
  cardPayment: 'Paiement par carte',
  cardPurpose: 'Encaisser la commande',
  cardRetention: 'Les données de carte sont traitées par notre prestataire de paiement, jamais par nous',
  accountData: 'Compte client (si vous en créez un) : profil et commandes',
  accountPurpose: 'Historique de commandes, coordonnées préremplies',
  accountRetention:
    'Jusqu’à la suppression du compte (vos commandes sont alors anonymisées) ; une inscription non confirmée est effacée après 7 jours, une session inutilisée expire après 30 jours',
  cookieChoice: 'Votre choix sur les cookies',
  cookieChoicePurpose: 'Ne pas vous redemander à chaque visite',
  consentBasis: 'Consentement',
  cookieChoiceRetention: 'Dans votre navigateur seulement, jusqu’à ce que vous le changiez (« Gérer les cookies », en bas de chaque page)',
  recipientsHeading: 'Destinataires',
  recipientsStart: 'Seule l’équipe de ',
  recipientsAccess: ' accède à vos données',
  recipientsProvider: ', ainsi que notre prestataire de paiement pour les paiements par carte',
  recipientsNotSold: '. Elles ne sont ni vendues ni cédées à des fins publicitaires. Le site est hébergé par : ',
  deviceHeading: 'Sur votre appareil',
  deviceText: 'Votre panier, vos choix et votre adresse restent dans le stockage de votre navigateur ; le détail figure dans notre',
  cookiePolicyLink: 'politique cookies',
  rightsHeading: 'Vos droits',
  rightsText: (email: string | number) =>
    `Vous disposez des droits d’accès, de rectification, d’effacement, de limitation, d’opposition et de portabilité de vos données. Avec un compte, « Mon compte » vous permet de télécharger toutes vos données (fichier JSON) et de supprimer le compte. Sinon, écrivez-nous à ${email} ; nous répondons sous un mois. Si vous estimez que vos droits ne sont pas respectés, vous pouvez adresser une réclamation à la CNIL (www.cnil.fr).`,
  metaDescription: 'Quelles données nous traitons lors d’une commande, pourquoi, combien de temps, et vos droits.',
} as const;

/** Texts of the terms of service. */
export const termsOfService = {
  heading: 'Mentions légales et conditions générales de vente',
  noticeHeading: words.legalNotice,
  publisherStart: 'Le site de commande en ligne de ',
  publisherBy: ' est édité par ',
  registeredAt: ', immatriculée au ',
  siretPrefix: ', SIRET ',
  vatPrefix: ', TVA intracommunautaire ',
  seatAt: ', dont le siège est situé ',
  phone: (phone: string | number) => `Téléphone : ${phone}`,
  email: (email: string | number) => `Adresse e-mail : ${email}`,
  publicationDirector: (publicationDirector: string | number) => `Directeur ou directrice de la publication : ${publicationDirector}`,
  host: (host: string | number) => `Hébergement : ${host}`,
  salesHeading: 'Conditions générales de vente',
  purposeHeading: '1. Objet',
  scope: (name: string | number) =>
    `Les présentes conditions régissent les commandes de repas passées sur ce site auprès de ${name} par des consommateurs. Passer commande vaut acceptation de ces conditions, dans leur version affichée au moment de la commande.`,
  productsHeading: '2. Produits et allergènes',
  dishesStart: 'Les plats sont décrits sur ',
  menuLink: 'la carte',
  dishesAllergens:
    ' avec leur composition, les 14 allergènes majeurs (règlement (UE) n° 1169/2011) et les options proposées. Les photographies sont non contractuelles. Pour toute question sur un allergène, appelez-nous au ',
  dishesEnd: ' avant de commander.',
  pricesHeading: '3. Prix',
  prices:
    'Les prix sont indiqués en euros, toutes taxes comprises (TVA incluse au taux applicable à chaque produit). Les frais de livraison éventuels, les remises et le total sont affichés avant la validation de la commande. Le prix facturé est celui affiché lors de la validation ; si la carte a changé entre-temps, le nouveau total vous est présenté avant toute confirmation.',
  orderHeading: '4. Commande',
  stepsStart: 'La commande suit les étapes : type de commande, coordonnées, ',
  stepsTypeFallback: 'livraison ou retrait',
  stepsPickup: 'retrait',
  stepsEnd:
    ', paiement et confirmation. Elle est définitive à l’affichage de son numéro sur la page de confirmation. Le restaurant peut refuser une commande en cas de rupture d’un produit, de fermeture exceptionnelle ou de litige antérieur ; vous en êtes alors informé sans délai et, si vous avez payé, remboursé.',
  paymentHeading: '5. Paiement',
  payOnSite: 'Paiement sur place, au retrait ou à la livraison (espèces ou carte selon les moyens acceptés au comptoir).',
  payOnline:
    'Paiement en ligne par carte bancaire, traité par notre prestataire de paiement : vos données de carte ne transitent jamais par nos serveurs.',
  fulfilmentHeading: '6. Retrait et livraison',
  preparation: 'La commande est préparée pour le créneau choisi ou dès que possible. Le retrait se fait au ',
  deliveryTerms:
    'La livraison est assurée dans les zones et aux conditions (montant minimum, frais) indiquées lors de la commande ; l’adresse doit permettre une remise en main propre.',
  deliveryUnavailable: 'La livraison n’est pas proposée pour le moment.',
  withdrawalHeading: '7. Absence de droit de rétractation',
  noWithdrawal:
    'Conformément à l’article L221-28 du Code de la consommation (4° et 12°), le droit de rétractation ne s’applique pas à la fourniture de denrées susceptibles de se détériorer ou de se périmer rapidement, ni aux prestations de restauration fournies à une date ou selon une périodicité déterminée. Une commande de repas validée ne peut donc pas être rétractée ; contactez-nous au plus vite pour toute modification, nous ferons notre possible.',
  claimsHeading: '8. Réclamations et médiation',
  claims: (email: string | number, phone: string | number, mediator: string | number) =>
    `Toute réclamation (produit manquant, erreur, qualité) est à adresser à ${email} ou au ${phone}, idéalement le jour même. À défaut de solution amiable, vous pouvez saisir gratuitement le médiateur de la consommation : ${mediator} (articles L611-1 et suivants du Code de la consommation).`,
  personalDataHeading: '9. Données personnelles',
  personalData: 'Les données nécessaires à la commande sont traitées comme l’explique notre ',
  privacyLink: 'politique de confidentialité',
  lawHeading: '10. Droit applicable',
  law:
    'Les présentes conditions sont soumises au droit français. Les tribunaux compétents sont ceux désignés par le Code de la consommation.',
  metaDescription: 'Éditeur du site, hébergeur et conditions générales de vente de la commande en ligne.',
} as const;
