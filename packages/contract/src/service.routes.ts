import { createRoute } from '@hono/zod-openapi';
import { z } from 'zod';
import { HealthSchema } from './health.ts';
import { apiTags, errorAnswer, successAnswer } from './route-kit.ts';

/** GET /v2/health: the database answers (the load balancer's probe). */
export const getHealth = createRoute({
  operationId: 'getHealth',
  method: 'get',
  path: '/v2/health',
  tags: [apiTags.service.name],
  summary: 'La base de données répond.',
  description: 'Une requête `select 1` à la base : 200 quand elle répond, 503 sinon. Sert de sonde au répartiteur de charge.',
  responses: { 200: successAnswer(HealthSchema, 'Tout répond.'), 503: errorAnswer('Base de données injoignable (database_unavailable).') },
});

/** GET /v2/openapi.json: the OpenAPI 3.1 document of every route. */
export const getOpenApiDocument = createRoute({
  operationId: 'getOpenApiDocument',
  method: 'get',
  path: '/v2/openapi.json',
  tags: [apiTags.service.name],
  summary: 'Ce document : chaque route de l’API, ses paramètres, corps, réponses, erreurs et authentification (OpenAPI 3.1).',
  description: 'Construit une fois, au premier appel, à partir des routes déclarées dans packages/contract/src/*.routes.ts.',
  responses: {
    200: { description: 'Le document OpenAPI 3.1.', content: { 'application/json': { schema: z.record(z.string(), z.unknown()) } } },
  },
});
