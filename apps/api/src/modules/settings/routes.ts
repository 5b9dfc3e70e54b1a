import { createRoute } from '@hono/zod-openapi';
import {
  SettingsPatchAnswerSchema,
  SettingsPatchSchema,
  VersionedSettingsSchema,
  type SettingsPatchAnswer,
  type VersionedSetting,
} from '@resto/contract/backoffice-settings';
import type { Database } from '../../db/client.ts';
import { success } from '../../http/errors.ts';
import { bodyErrors, declare, errorAnswer, jsonBody, routes, security, successAnswer } from '../../http/openapi.ts';
import { requireStaff } from '../staff/index.ts';
import { changeSettings, listSettings } from './service.ts';

const tags = ['Restaurant : réglages'];
const ownerErrors = {
  401: errorAnswer('Pas de session de l’espace restaurant (staff_login_required).'),
  403: errorAnswer('Réservé au propriétaire (staff_forbidden).'),
};

const listRoute = createRoute({
  method: 'get',
  path: '/settings',
  tags,
  security: security.staff,
  summary: 'Tous les réglages enregistrés, chacun avec sa version (propriétaire).',
  description: 'La `version` de chaque réglage est à renvoyer comme `expected_version` dans PATCH. Les réglages calculés (`orders.screen_connected`…) n’y sont pas.',
  responses: { 200: successAnswer(VersionedSettingsSchema, 'Les réglages, par nom.'), ...ownerErrors },
});

const patchRoute = createRoute({
  method: 'patch',
  path: '/settings',
  tags,
  security: security.staff,
  summary: 'Modifier des réglages, tout ou rien (propriétaire).',
  description:
    'Chaque valeur est vérifiée par le schéma du fichier restaurant (KnownSettingsSchema). `expected_version` : la version lue (0 pour un réglage encore absent). Une entrée du journal par réglage modifié ; une valeur identique à l’actuelle est ignorée.',
  request: { body: jsonBody(SettingsPatchSchema) },
  responses: {
    200: successAnswer(SettingsPatchAnswerSchema, 'Les réglages modifiés et tous les réglages après la modification.'),
    ...bodyErrors,
    400: errorAnswer('Réglage inconnu, calculé, en double ou valeur refusée (invalid_request) : chaque champ avec son message ; rien n’est écrit.'),
    ...ownerErrors,
    409: errorAnswer('Un réglage a changé depuis sa lecture (stale_edit) : `payload.current` liste ces réglages tels qu’ils sont ; rien n’est écrit.'),
  },
});

/**
 * GET and PATCH /v2/restaurant/settings (docs/decisions/023): the owner's settings and
 * delivery pages. Owner only (403 staff_forbidden for a staff member); never cached.
 */
export function settingsRoutes({ db, clock }: { db: Database; clock: () => Date }) {
  const app = routes();
  app.use('/settings', async (c, next) => {
    await next();
    c.header('Cache-Control', 'no-store');
  });
  declare(app, listRoute, async (c) => {
    await requireStaff(c, db, clock(), 'owner');
    return success<VersionedSetting[]>(c, await listSettings(db));
  });
  declare(app, patchRoute, async (c, input) => {
    const owner = await requireStaff(c, db, clock(), 'owner');
    const { changes } = await input.body();
    return success<SettingsPatchAnswer>(c, await changeSettings(db, { staffId: owner.staffId, name: owner.name }, changes));
  });
  return app;
}
