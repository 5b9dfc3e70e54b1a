import { createRoute } from '@hono/zod-openapi';
import { z } from 'zod';
import { apiTags, errorAnswer } from './route-kit.ts';

/**
 * Epson Server Direct Print (docs/decisions/033-kitchen-printers.md), as Epson's « TM Intelligent
 * Server Direct Print User's Manual » (Request and Response) describes it: the printer POSTs a
 * URL-encoded form to the URL of its Server Direct Print settings, every few seconds
 * `ConnectionType=GetRequest&ID=…&Name=…`, answered by a `PrintRequestInfo` XML holding the
 * ePOS-Print document to print, or an empty answer when there is nothing; after printing,
 * `ConnectionType=SetResponse&ID=…&ResponseFile=<PrintResponseInfo …>` with each job's result,
 * answered empty. The form is documented by a plain JSON Schema: the API reads and checks it itself.
 */
export const receiveEpsonServerDirectPrint = createRoute({
  operationId: 'receiveEpsonServerDirectPrint',
  method: 'post',
  path: '/v2/print/epson/{secret}',
  tags: [apiTags.printers.name],
  summary: 'Epson Server Direct Print : la demande d’impression d’une imprimante et son résultat.',
  description:
    'ConnectionType=GetRequest : le prochain ticket de l’imprimante en PrintRequestInfo (ePOS-Print XML), ou une réponse vide. ' +
    'ConnectionType=SetResponse : le résultat de chaque ticket (ResponseFile, PrintResponseInfo), réponse vide.',
  request: {
    params: z.object({ secret: z.string().min(1).meta({ description: 'Le secret de l’imprimante, dernier segment de l’adresse de ses réglages.' }) }),
    body: {
      required: true,
      content: {
        'application/x-www-form-urlencoded': {
          schema: {
            type: 'object',
            required: ['ConnectionType'],
            properties: {
              ConnectionType: { type: 'string', enum: ['GetRequest', 'SetResponse'] },
              ID: { type: 'string', description: 'L’identifiant saisi dans les réglages Server Direct Print de l’imprimante.' },
              Name: { type: 'string', description: 'Le nom de l’imprimante.' },
              ResponseFile: { type: 'string', description: 'SetResponse : le XML PrintResponseInfo du résultat.' },
            },
          },
        },
      },
    },
  },
  responses: {
    200: {
      description: 'GetRequest : PrintRequestInfo avec un document ePOS-Print, ou vide (rien à imprimer). SetResponse : vide.',
      content: { 'text/xml': { schema: z.string() } },
    },
    400: errorAnswer('Formulaire ou ResponseFile illisible (invalid_request).'),
    404: errorAnswer('Secret inconnu, ou imprimante désactivée ou d’un autre type (printer_not_found).'),
    413: errorAnswer('Corps de requête trop grand (body_too_large).'),
  },
});
