/** The back office's image upload: the API's refusals and the ImageUpload component's words. */
export const imageUpload = {
  /** 413 image_too_large. */
  tooLarge: 'Image trop lourde : 10\u00a0Mo au plus. Choisissez une photo plus légère.',
  /** 400 image_invalid: the bytes are not an image sharp can read. */
  invalid: 'Ce fichier n’est pas une image lisible (JPEG, PNG, WebP, AVIF, GIF). Choisissez une photo.',
  /** 400 image_invalid: more pixels than maxUploadPixels. */
  tooManyPixels: 'Image trop grande (plus de 64 millions de pixels). Réduisez-la avant de l’envoyer.',
  /** 400 image_invalid: no `file` field in the form. */
  missingFile: 'Aucun fichier reçu : choisissez une photo.',
  /** The component. */
  label: 'Photo du plat',
  choose: 'Choisir une photo',
  replace: 'Changer de photo',
  remove: 'Retirer la photo',
  hint: 'JPEG, PNG, WebP ou AVIF, 10\u00a0Mo au plus. Recadrée en 4:3 et convertie automatiquement.',
  uploading: 'Envoi de la photo…',
  uploaded: 'Photo enregistrée.',
  previewAlt: 'Aperçu de la photo',
  noImage: 'Pas encore de photo.',
  networkError: 'Envoi impossible : vérifiez la connexion puis réessayez.',
  notAnImage: 'Ce fichier n’est pas une image : choisissez une photo.',
} as const;
