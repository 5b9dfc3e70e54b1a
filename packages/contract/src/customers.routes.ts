import { createRoute } from '@hono/zod-openapi';
import {
  CustomerDetailSchema,
  CustomerListQuerySchema,
  CustomerListSchema,
  CustomerMarkBodySchema,
  CustomerNoteBodySchema,
  CustomerParamsSchema,
} from './customers.ts';
import { apiTags, errorAnswer, jsonBody, staffOnly, successAnswer } from './route-kit.ts';

/** The customers (docs/decisions/037-customers.md): any live staff session; blocking is the owner's. Never cached. */
const tags = [apiTags.staffOrders.name];

/** GET /v2/restaurant/customers: a page of customers. */
export const listCustomers = createRoute(
  staffOnly('staff', {
    operationId: 'listCustomers',
    method: 'get',
    path: '/v2/restaurant/customers',
    tags,
    summary: 'Les clients, regroupés par e-mail ou téléphone : commandes, total dépensé, panier moyen, non récupérées ; recherche et tri.',
    description: 'Un client = les commandes passées qui partagent un e-mail (sans casse) ou un téléphone, de proche en proche. 30 par page.',
    request: { query: CustomerListQuerySchema },
    responses: {
      200: successAnswer(CustomerListSchema, 'Une page de clients.'),
      400: errorAnswer('Recherche trop longue, tri ou page invalide (invalid_request).'),
    },
  }),
);

/** GET /v2/restaurant/customers/{customer_key}: one customer. */
export const readCustomer = createRoute(
  staffOnly('staff', {
    operationId: 'readCustomer',
    method: 'get',
    path: '/v2/restaurant/customers/{customer_key}',
    tags,
    summary: 'Un client : ses commandes, ses chiffres, la note de l’équipe, le signalement ou le blocage.',
    description:
      'La clé est `email:<adresse>` ou `phone:<numéro>` ; le client est le groupe de commandes qui la contient (e-mails et téléphones de proche en proche).',
    request: { params: CustomerParamsSchema },
    responses: {
      200: successAnswer(CustomerDetailSchema, 'Le client.'),
      404: errorAnswer('Aucune commande de ce client, ou clé invalide (customer_not_found).'),
    },
  }),
);

/** PUT /v2/restaurant/customers/{customer_key}/note: the staff note. */
export const writeCustomerNote = createRoute(
  staffOnly('staff', {
    operationId: 'writeCustomerNote',
    method: 'put',
    path: '/v2/restaurant/customers/{customer_key}/note',
    tags,
    summary: 'La note de l’équipe sur un client (montrée sur le tableau, imprimée sur les tickets de cuisine) ; vide l’efface.',
    description: 'Tout membre de l’équipe l’écrit ; elle est tracée dans le journal des modifications avec son auteur.',
    request: { params: CustomerParamsSchema, body: jsonBody(CustomerNoteBodySchema) },
    responses: {
      200: successAnswer(CustomerDetailSchema, 'Le client après la note.'),
      400: errorAnswer('Note trop longue (invalid_request).'),
      404: errorAnswer('Client inconnu (customer_not_found).'),
    },
  }),
);

/** PUT /v2/restaurant/customers/{customer_key}/mark: flag, block, or lift. */
export const markCustomer = createRoute(
  staffOnly('staff', {
    operationId: 'markCustomer',
    method: 'put',
    path: '/v2/restaurant/customers/{customer_key}/mark',
    tags,
    summary: 'Signaler un client (tout membre), le bloquer (propriétaire), ou lever le signalement ou le blocage.',
    description: 'Un membre qui n’est pas propriétaire ne peut ni bloquer, ni changer le marquage d’un client bloqué (403).',
    request: { params: CustomerParamsSchema, body: jsonBody(CustomerMarkBodySchema) },
    responses: {
      200: successAnswer(CustomerDetailSchema, 'Le client après le changement.'),
      400: errorAnswer('Motif manquant ou trop long (invalid_request).'),
      403: errorAnswer('Bloquer, ou changer le marquage d’un client bloqué, est réservé au propriétaire (customer_blocked_by_owner).'),
      404: errorAnswer('Client inconnu (customer_not_found).'),
    },
  }),
);
