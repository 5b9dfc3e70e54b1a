import { createRoute } from '@hono/zod-openapi';
import { z } from 'zod';
import { apiTags, bodyErrors, errorAnswer, jsonBody } from './route-kit.ts';

/**
 * Star CloudPRNT (docs/decisions/033-kitchen-printers.md), as Star's « CloudPRNT Protocol Guide »
 * documents it (https://star-m.jp/products/s_print/sdk/StarCloudPRNT/manual/en/protocol-reference/):
 * the printer polls its URL, `/v2/print/cloudprnt/{secret}`, with a POST carrying its status and
 * gets `jobReady`, the media types the job may be fetched in and a job token; it GETs the job with
 * `?type=…&token=…`, prints it and confirms with a DELETE carrying the result's printer status code
 * (`200 OK`: printed; any other: not printed). The print agent of the restaurant's network polls the
 * same endpoints for an ESC/POS printer on port 9100 and fetches the job as `application/vnd.escpos`.
 *
 * These answers are the protocol's, not the API's envelope: a printer reads `jobReady` at the top of
 * the JSON and the job's bytes as they are. Errors are the API's ErrorBody (a printer only reads
 * their status: 404 tells it its URL is wrong).
 */
const tags = [apiTags.printers.name];

/** The media types jobs are served in: StarPRNT for Star printers, ESC/POS (ours, for the print agent). */
export const cloudPrntMediaTypes = {
  starPrnt: 'application/vnd.star.starprnt',
  escPos: 'application/vnd.escpos',
} as const;
export type CloudPrntMediaType = (typeof cloudPrntMediaTypes)[keyof typeof cloudPrntMediaTypes];

const SecretParamsSchema = z.object({
  secret: z
    .string()
    .min(1)
    .max(200)
    .meta({ description: 'Le secret de l’imprimante, dernier segment de l’URL saisie dans ses réglages CloudPRNT (ou la clé de l’agent).' }),
});

/** The printer's poll (Star: « Polling the server (POST) — JSON Request »). Other keys a printer sends are ignored. */
export const CloudPrntPollSchema = z
  .object({
    status: z.string().max(200).optional().meta({ description: 'L’état ASB de l’imprimante, en hexadécimal (« 23 86 00 00 00 00 00 00 00 »).' }),
    printerMAC: z.string().max(64).optional().meta({ description: 'L’adresse MAC de l’imprimante.' }),
    uniqueID: z.string().max(200).optional(),
    statusCode: z
      .string()
      .max(200)
      .optional()
      .meta({ description: 'Le code d’état de l’imprimante, encodé comme dans une URL (« 200%20OK », « 410%20Out%20of%20paper »).' }),
    printingInProgress: z.boolean().optional().meta({ description: 'true : elle imprime le ticket qu’elle a pris, rien d’autre ne lui est donné.' }),
    clientAction: z.array(z.object({ request: z.string(), result: z.unknown().optional() })).optional(),
  })
  .meta({ id: 'CloudPrntPoll' });
export type CloudPrntPoll = z.infer<typeof CloudPrntPollSchema>;

/** The answer to a poll (Star: « JSON Response »), plus `printer`, read by the print agent only. */
export const CloudPrntPollAnswerSchema = z
  .object({
    jobReady: z.boolean().meta({ description: 'true : un ticket l’attend, à prendre par GET avec `jobToken`.' }),
    mediaTypes: z.array(z.string()).optional().meta({ description: 'Les formats où le ticket peut être pris, le préféré d’abord.' }),
    jobToken: z.string().optional().meta({ description: 'Le jeton du ticket remis à ce poll : à renvoyer au GET et au DELETE.' }),
    deleteMethod: z.literal('DELETE').optional(),
    printer: z
      .object({ host: z.string(), port: z.number().int() })
      .optional()
      .meta({ description: 'Pour l’agent d’impression : l’adresse de l’imprimante ESC/POS (port 9100) où envoyer le ticket.' }),
  })
  .meta({ id: 'CloudPrntPollAnswer' });
export type CloudPrntPollAnswer = z.infer<typeof CloudPrntPollAnswerSchema>;

const JobQuerySchema = z.object({
  type: z.string().max(100).optional().meta({ description: 'Le format choisi parmi `mediaTypes` ; sans lui, le format préféré de l’imprimante.' }),
  token: z.string().max(200).optional().meta({ description: 'Le `jobToken` du poll.' }),
  mac: z.string().max(64).optional(),
  uid: z.string().max(200).optional(),
});

const ConfirmQuerySchema = z.object({
  code: z
    .string()
    .min(1)
    .max(200)
    .meta({ description: 'Le résultat : « 200 OK » (ou « OK ») imprimé ; tout autre code (« 410 Out of paper »…) : pas imprimé.' }),
  token: z.string().max(200).optional().meta({ description: 'Le `jobToken` du ticket ; sans lui, le ticket que l’imprimante a en cours.' }),
  mac: z.string().max(64).optional(),
  uid: z.string().max(200).optional(),
});

/** What the server did with a confirmation (the printer ignores it; logs and tests read it). */
export const CloudPrntConfirmationSchema = z
  .object({ result: z.enum(['printed', 'requeued', 'failed', 'unknown']).meta({ description: 'unknown : jeton inconnu ou déjà traité, rien n’a changé.' }) })
  .meta({ id: 'CloudPrntConfirmation' });

const notFound = errorAnswer('Secret inconnu ou imprimante désactivée (printer_not_found).');
const binary = { schema: z.string().meta({ format: 'binary' }) };

/** POST /v2/print/cloudprnt/{secret}: the printer's poll. */
export const pollCloudPrnt = createRoute({
  operationId: 'pollCloudPrnt',
  method: 'post',
  path: '/v2/print/cloudprnt/{secret}',
  tags,
  summary: 'Le poll d’une imprimante Star CloudPRNT (ou de l’agent d’impression).',
  description:
    'Enregistre l’imprimante vivante et ce qu’elle dit de son papier et de son capot ; quand tout va bien et qu’elle n’imprime rien, lui remet son prochain ticket (`jobReady`, `mediaTypes`, `jobToken`). Un seul poll reçoit un ticket donné.',
  request: { params: SecretParamsSchema, body: jsonBody(CloudPrntPollSchema) },
  responses: {
    200: { description: 'La réponse CloudPRNT.', content: { 'application/json': { schema: CloudPrntPollAnswerSchema } } },
    ...bodyErrors,
    404: notFound,
  },
});

/** GET /v2/print/cloudprnt/{secret}?type=…&token=…: the job's bytes. */
export const getCloudPrntJob = createRoute({
  operationId: 'getCloudPrntJob',
  method: 'get',
  path: '/v2/print/cloudprnt/{secret}',
  tags,
  summary: 'Le ticket remis à un poll, dans le format demandé.',
  description: 'Le même ticket à chaque GET de son jeton tant qu’il n’est pas confirmé (Star : un GET n’a pas d’effet).',
  request: { params: SecretParamsSchema, query: JobQuerySchema },
  responses: {
    200: {
      description: 'Le ticket, en StarPRNT ou en ESC/POS.',
      content: { [cloudPrntMediaTypes.starPrnt]: binary, [cloudPrntMediaTypes.escPos]: binary },
    },
    404: errorAnswer('Secret inconnu (printer_not_found), ou jeton inconnu, d’une autre imprimante ou déjà traité (print_job_not_found).'),
    415: errorAnswer('Format non servi (print_media_unsupported).'),
  },
});

/** DELETE /v2/print/cloudprnt/{secret}?code=…&token=…: the print's result. */
export const confirmCloudPrntJob = createRoute({
  operationId: 'confirmCloudPrntJob',
  method: 'delete',
  path: '/v2/print/cloudprnt/{secret}',
  tags,
  summary: 'Le résultat de l’impression d’un ticket.',
  description:
    'Imprimé (« 200 OK ») : le ticket est imprimé, une fois. Autre code : remis en file pour le prochain poll. Un jeton inconnu ou ancien ne change rien.',
  request: { params: SecretParamsSchema, query: ConfirmQuerySchema },
  responses: {
    200: { description: 'Ce que le serveur en a fait.', content: { 'application/json': { schema: CloudPrntConfirmationSchema } } },
    404: notFound,
  },
});
