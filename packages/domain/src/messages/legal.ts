/**
 * The French catalogue — The legal pages: privacy policy, terms of service, cookie policy (their prose).
 * Every word a person reads lives here (docs/decisions/018); the storefront renders these values as they are.
 */

/** Texts of apps/web/app/routes/cookie-policy.tsx. */
export const cookiePolicyTexts = {
  politiqueCookies: 'Politique cookies',
  nousNUtilisonsQueCe: 'Nous n’utilisons que ce qui est nécessaire pour que la commande fonctionne, sauf si vous acceptez la mesure d’audience.',
  ceQueLeSiteEnregistre: 'Ce que le site enregistre',
  nom: 'Nom',
  type: 'Type',
  finalite: 'Finalité',
  duree: 'Durée',
  type2: 'Type : ',
  finalite2: 'Finalité : ',
  duree2: 'Durée : ',
  cesElementsSontStrictementNecessaires:
    'Ces éléments sont strictement nécessaires au service demandé : ils ne requièrent pas votre consentement (article 82 de la loi Informatique et Libertés).',
  mesureDAudience: 'Mesure d’audience',
  siVousCliquezSurAccepter: (tagManager: string | number) =>
    `Si vous cliquez sur « Accepter », nous chargeons un outil de mesure d’audience (${tagManager}) qui dépose ses propres cookies. Si vous refusez, rien n’est chargé.`,
  aucunOutilDeMesureD: 'Aucun outil de mesure d’audience ni aucun traceur publicitaire n’est utilisé sur ce site actuellement.',
  changerDAvis: 'Changer d’avis',
  votreChoixEstConserveDans: 'Votre choix est conservé dans votre navigateur. Vous pouvez le modifier à tout moment :',
  modifierMonChoix: 'Modifier mon choix',
  pourTouteQuestion: (email: string | number) => `Pour toute question : ${email}.`,
  ceQueLeSiteEnregistre2: 'Ce que le site enregistre dans votre navigateur, pourquoi, et comment changer d’avis.',
  cookie: 'Cookie',
  retenirLaLangueDuSite: 'Retenir la langue du site (français)',
  stockageLocal: 'Stockage local',
  retenirVotreReponseALa: 'Retenir votre réponse à la question des cookies',
  jusquAEffacementOu48: 'Jusqu’à effacement, ou 48 h sans visite',
  votrePanier: 'Votre panier',
  jusquALaCommandeOu: 'Jusqu’à la commande, ou 48 h sans visite',
  lesChampsDeLaCommande: 'Les champs de la commande en cours, pour ne pas les ressaisir',
  afficherLeRecapitulatifDeVotre: 'Afficher le récapitulatif de votre dernière commande',
  retraitOuLivraisonEtVotre: 'Retrait ou livraison, et votre adresse de livraison',
  lesAllergenesQueVousMasquez: 'Les allergènes que vous masquez sur la carte',
  effacerCesDonneesApres48: 'Effacer ces données après 48 h sans visite',
  renouveleAChaqueVisite: 'Renouvelé à chaque visite',
  nePlusProposerLInstallation: 'Ne plus proposer l’installation de l’application une fois installée ou refusée',
  jusquAEffacement: 'Jusqu’à effacement',
  cachesDeLApplication: 'Caches de l’application',
  cacheDuNavigateur: 'Cache du navigateur',
  consulterLaCarteHorsConnexion: 'Consulter la carte hors connexion (service worker)',
  videsAuDelaDe50: 'Vidés au-delà de 50 Mo ou à chaque nouvelle version',
} as const;

/** Texts of apps/web/app/routes/privacy-policy.tsx. */
export const privacyPolicyTexts = {
  politiqueDeConfidentialite: 'Politique de confidentialité',
  responsableDuTraitement: (companyName: string | number, address: string | number, email: string | number) =>
    `Responsable du traitement : ${companyName}, ${address} — ${email}.`,
  lesDonneesQueNousTraitons: 'Les données que nous traitons',
  donnees: 'Données',
  pourquoi: 'Pourquoi',
  baseLegale: 'Base légale',
  duree: 'Durée',
  prenomNomEMailTelephone: 'Prénom, nom, e-mail, téléphone, notes pour la cuisine (commande sans compte)',
  pourquoi2: 'Pourquoi : ',
  preparerLaCommandeVousPrevenir: 'Préparer la commande, vous prévenir en cas de souci, répondre à une réclamation',
  baseLegale2: 'Base légale : ',
  executionDuContrat: 'Exécution du contrat',
  apresLaCommandePuisEffacees: (retention: string | number) =>
    `${retention} après la commande, puis effacées automatiquement (la commande reste, anonymisée, pour la comptabilité)`,
  duree2: 'Durée : ',
  adresseDeLivraison: 'Adresse de livraison',
  calculerLesFraisEtLivrer: 'Calculer les frais et livrer',
  commeVosCoordonneesLaRue: 'Comme vos coordonnées : la rue est effacée, seuls le code postal et la ville restent',
  contenuEtMontantDesCommandes: 'Contenu et montant des commandes',
  comptabiliteReclamationsSuggestionsSouventPris: 'Comptabilité, réclamations, suggestions « souvent pris avec » (statistiques sans nom)',
  obligationLegaleInteretLegitime: 'Obligation légale, intérêt légitime',
  n10AnsPiecesComptables: '10 ans (pièces comptables)',
  paiementParCarte: 'Paiement par carte',
  encaisserLaCommande: 'Encaisser la commande',
  lesDonneesDeCarteSont: 'Les données de carte sont traitées par notre prestataire de paiement, jamais par nous',
  compteClientSiVousEn: 'Compte client (si vous en créez un) : profil et commandes',
  historiqueDeCommandesCoordonneesPreremplies: 'Historique de commandes, coordonnées préremplies',
  jusquALaSuppressionDu:
    'Jusqu’à la suppression du compte (vos commandes sont alors anonymisées) ; une inscription non confirmée est effacée après 7 jours, une session inutilisée expire après 30 jours',
  votreChoixSurLesCookies: 'Votre choix sur les cookies',
  nePasVousRedemanderA: 'Ne pas vous redemander à chaque visite',
  consentement: 'Consentement',
  dansVotreNavigateurSeulementJusqu: 'Dans votre navigateur seulement, jusqu’à ce que vous le changiez (« Gérer les cookies », en bas de chaque page)',
  destinataires: 'Destinataires',
  seuleLEquipeDe: 'Seule l’équipe de ',
  accedeAVosDonnees: ' accède à vos données',
  ainsiQueNotrePrestataireDe: ', ainsi que notre prestataire de paiement pour les paiements par carte',
  ellesNeSontNiVendues: '. Elles ne sont ni vendues ni cédées à des fins publicitaires. Le site est hébergé par : ',
  surVotreAppareil: 'Sur votre appareil',
  votrePanierVosChoixEt: 'Votre panier, vos choix et votre adresse restent dans le stockage de votre navigateur ; le détail figure dans notre',
  politiqueCookies: 'politique cookies',
  vosDroits: 'Vos droits',
  vousDisposezDesDroitsD: (email: string | number) =>
    `Vous disposez des droits d’accès, de rectification, d’effacement, de limitation, d’opposition et de portabilité de vos données. Avec un compte, « Mon compte » vous permet de télécharger toutes vos données (fichier JSON) et de supprimer le compte. Sinon, écrivez-nous à ${email} ; nous répondons sous un mois. Si vous estimez que vos droits ne sont pas respectés, vous pouvez adresser une réclamation à la CNIL (www.cnil.fr).`,
  quellesDonneesNousTraitonsLors: 'Quelles données nous traitons lors d’une commande, pourquoi, combien de temps, et vos droits.',
} as const;

/** Texts of apps/web/app/routes/terms-of-service.tsx. */
export const termsOfServiceTexts = {
  mentionsLegalesEtConditionsGenerales: 'Mentions légales et conditions générales de vente',
  mentionsLegales: 'Mentions légales',
  leSiteDeCommandeEn: 'Le site de commande en ligne de ',
  estEditePar: ' est édité par ',
  immatriculeeAu: ', immatriculée au ',
  siret: ', SIRET ',
  tvaIntracommunautaire: ', TVA intracommunautaire ',
  dontLeSiegeEstSitue: ', dont le siège est situé ',
  telephone: (phone: string | number) => `Téléphone : ${phone}`,
  adresseEMail: (email: string | number) => `Adresse e-mail : ${email}`,
  directeurOuDirectriceDeLa: (publicationDirector: string | number) => `Directeur ou directrice de la publication : ${publicationDirector}`,
  hebergement: (host: string | number) => `Hébergement : ${host}`,
  conditionsGeneralesDeVente: 'Conditions générales de vente',
  n1Objet: '1. Objet',
  lesPresentesConditionsRegissentLes: (name: string | number) =>
    `Les présentes conditions régissent les commandes de repas passées sur ce site auprès de ${name} par des consommateurs. Passer commande vaut acceptation de ces conditions, dans leur version affichée au moment de la commande.`,
  n2ProduitsEtAllergenes: '2. Produits et allergènes',
  lesPlatsSontDecritsSur: 'Les plats sont décrits sur ',
  laCarte: 'la carte',
  avecLeurCompositionLes14:
    ' avec leur composition, les 14 allergènes majeurs (règlement (UE) n° 1169/2011) et les options proposées. Les photographies sont non contractuelles. Pour toute question sur un allergène, appelez-nous au ',
  avantDeCommander: ' avant de commander.',
  n3Prix: '3. Prix',
  lesPrixSontIndiquesEn:
    'Les prix sont indiqués en euros, toutes taxes comprises (TVA incluse au taux applicable à chaque produit). Les frais de livraison éventuels, les remises et le total sont affichés avant la validation de la commande. Le prix facturé est celui affiché lors de la validation ; si la carte a changé entre-temps, le nouveau total vous est présenté avant toute confirmation.',
  n4Commande: '4. Commande',
  laCommandeSuitLesEtapes: 'La commande suit les étapes : type de commande, coordonnées, ',
  livraisonOuRetrait: 'livraison ou retrait',
  retrait: 'retrait',
  paiementEtConfirmationElleEst:
    ', paiement et confirmation. Elle est définitive à l’affichage de son numéro sur la page de confirmation. Le restaurant peut refuser une commande en cas de rupture d’un produit, de fermeture exceptionnelle ou de litige antérieur ; vous en êtes alors informé sans délai et, si vous avez payé, remboursé.',
  n5Paiement: '5. Paiement',
  paiementSurPlaceAuRetrait: 'Paiement sur place, au retrait ou à la livraison (espèces ou carte selon les moyens acceptés au comptoir).',
  paiementEnLigneParCarte:
    'Paiement en ligne par carte bancaire, traité par notre prestataire de paiement : vos données de carte ne transitent jamais par nos serveurs.',
  n6RetraitEtLivraison: '6. Retrait et livraison',
  laCommandeEstPrepareePour: 'La commande est préparée pour le créneau choisi ou dès que possible. Le retrait se fait au ',
  laLivraisonEstAssureeDans:
    'La livraison est assurée dans les zones et aux conditions (montant minimum, frais) indiquées lors de la commande ; l’adresse doit permettre une remise en main propre.',
  laLivraisonNEstPas: 'La livraison n’est pas proposée pour le moment.',
  n7AbsenceDeDroitDe: '7. Absence de droit de rétractation',
  conformementALArticleL221:
    'Conformément à l’article L221-28 du Code de la consommation (4° et 12°), le droit de rétractation ne s’applique pas à la fourniture de denrées susceptibles de se détériorer ou de se périmer rapidement, ni aux prestations de restauration fournies à une date ou selon une périodicité déterminée. Une commande de repas validée ne peut donc pas être rétractée ; contactez-nous au plus vite pour toute modification, nous ferons notre possible.',
  n8ReclamationsEtMediation: '8. Réclamations et médiation',
  touteReclamationProduitManquantErreur: (email: string | number, phone: string | number, mediator: string | number) =>
    `Toute réclamation (produit manquant, erreur, qualité) est à adresser à ${email} ou au ${phone}, idéalement le jour même. À défaut de solution amiable, vous pouvez saisir gratuitement le médiateur de la consommation : ${mediator} (articles L611-1 et suivants du Code de la consommation).`,
  n9DonneesPersonnelles: '9. Données personnelles',
  lesDonneesNecessairesALa: 'Les données nécessaires à la commande sont traitées comme l’explique notre ',
  politiqueDeConfidentialite: 'politique de confidentialité',
  n10DroitApplicable: '10. Droit applicable',
  lesPresentesConditionsSontSoumises:
    'Les présentes conditions sont soumises au droit français. Les tribunaux compétents sont ceux désignés par le Code de la consommation.',
  editeurDuSiteHebergeurEt: 'Éditeur du site, hébergeur et conditions générales de vente de la commande en ligne.',
} as const;
