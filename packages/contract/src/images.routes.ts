import { createRoute } from '@hono/zod-openapi';
import { UploadAnswerSchema, UploadBodySchema } from './backoffice-images.ts';
import { apiTags, errorAnswer, staffOnly, successAnswer } from './route-kit.ts';

/**
 * The dishes' photos (docs/decisions/023-back-office.md): the owner sends one, the API stores its
 * variants under /uploads/. Owner only.
 */
const tags = [apiTags.staffImages.name];

/**
 * POST /v2/restaurant/uploads: a dish's photo (owner). Its multipart body is documented by a plain
 * JSON Schema: the API reads it itself, up to 10 MB, and validates nothing before.
 */
export const uploadDishImage = createRoute(
  staffOnly('owner', {
    operationId: 'uploadDishImage',
    method: 'post',
    path: '/v2/restaurant/uploads',
    tags,
    summary: 'Envoyer une photo de plat (propriétaire) : redressée, recadrée en 4:3, 400 et 800 px de large, AVIF et WebP, sans métadonnées.',
    description:
      'Corps multipart/form-data, le fichier dans le champ `file` (10 Mo au plus, compté pendant la réception). Le contenu est lu par sharp quel que soit le Content-Type. `image` est la valeur à mettre dans le plat (le plus grand WebP) ; les fichiers sont servis sous /uploads/ avec un cache d’un an (noms par empreinte du contenu).',
    request: { body: { required: true, content: { 'multipart/form-data': { schema: UploadBodySchema } } } },
    responses: {
      200: successAnswer(UploadAnswerSchema, 'La photo enregistrée et ses fichiers.'),
      400: errorAnswer('Pas une image lisible, trop de pixels, ou pas de champ `file` (image_invalid).'),
      403: errorAnswer('Réservé au propriétaire (staff_forbidden), ou requête d’un autre site (cross_site_refused).'),
      413: errorAnswer('Fichier de plus de 10 Mo (image_too_large) ; la connexion est fermée.'),
    },
  }),
);
