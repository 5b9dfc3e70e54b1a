import { createRoute } from '@hono/zod-openapi';
import { SettingsPatchAnswerSchema, SettingsPatchSchema, VersionedSettingsSchema } from './backoffice-settings.ts';
import { apiTags, bodyErrors, errorAnswer, jsonBody, staffOnly, successAnswer } from './route-kit.ts';

/**
 * The owner's settings (docs/decisions/023): every stored setting with its version, and the
 * all-or-nothing change the settings and delivery pages send. Owner only; never cached.
 */
const tags = [apiTags.staffSettings.name];

/** GET /v2/restaurant/settings: every stored setting with its version (owner). */
export const listSettings = createRoute(
  staffOnly('owner', {
    operationId: 'listSettings',
    method: 'get',
    path: '/v2/restaurant/settings',
    tags,
    summary: 'Tous les réglages enregistrés, chacun avec sa version (propriétaire).',
    description: 'La `version` de chaque réglage est à renvoyer comme `expected_version` dans PATCH. Les réglages calculés (`orders.screen_connected`…) n’y sont pas.',
    responses: { 200: successAnswer(VersionedSettingsSchema, 'Les réglages, par nom.') },
  }),
);

/** PATCH /v2/restaurant/settings: changes settings, all or nothing (owner). */
export const changeSettings = createRoute(
  staffOnly('owner', {
    operationId: 'changeSettings',
    method: 'patch',
    path: '/v2/restaurant/settings',
    tags,
    summary: 'Modifier des réglages, tout ou rien (propriétaire).',
    description:
      'Chaque valeur est vérifiée par le schéma du fichier restaurant (KnownSettingsSchema). `expected_version` : la version lue (0 pour un réglage encore absent). Une entrée du journal par réglage modifié ; une valeur identique à l’actuelle est ignorée.',
    request: { body: jsonBody(SettingsPatchSchema) },
    responses: {
      200: successAnswer(SettingsPatchAnswerSchema, 'Les réglages modifiés et tous les réglages après la modification.'),
      ...bodyErrors,
      400: errorAnswer('Réglage inconnu, calculé, en double ou valeur refusée (invalid_request) : chaque champ avec son message ; rien n’est écrit.'),
      409: errorAnswer('Un réglage a changé depuis sa lecture (stale_edit) : `payload.current` liste ces réglages tels qu’ils sont ; rien n’est écrit.'),
    },
  }),
);
