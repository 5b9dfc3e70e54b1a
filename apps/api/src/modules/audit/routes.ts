import { createRoute } from '@hono/zod-openapi';
import { and, desc, eq, lt, type SQL } from 'drizzle-orm';
import {
  AuditPageSchema,
  AuditQuerySchema,
  ImportPreviewSchema,
  ImportQuerySchema,
  ImportResultSchema,
  RestaurantFileBodySchema,
  type AuditPage,
  type ImportPreview,
  type ImportResult,
} from '@resto/contract/backoffice-audit';
import { diffRestaurantFiles, importSummary, type RestaurantDiff } from '@resto/domain/restaurant-diff';
import { RestaurantFileSchema, type RestaurantFile } from '@resto/domain/restaurant-file';
import { requestErrors } from '@resto/copy/errors/request';
import { importAnswers } from '@resto/copy/staff/audit';
import type { Database } from '../../db/client.ts';
import { auditLog } from '../../db/schema.ts';
import { ApiError, success } from '../../http/errors.ts';
import { bodyErrors, declare, errorAnswer, jsonBody, routes, security, successAnswer } from '../../http/openapi.ts';
import { replaceCatalog } from '../catalog/index.ts';
import { requireStaff } from '../staff/index.ts';
import { catalogEdit } from './edits.ts';
import { exportRestaurant, exportWithVersion } from './restaurant-export.ts';

/** Entries per page of the log. */
const auditPageSize = 50;
/** The largest restaurant file the import routes read (app.ts raises the 1 MB limit for them). */
export const importBodyLimit = 5 * 1024 * 1024;

const tags = ['Restaurant : journal, export et import'];
const ownerErrors = {
  401: errorAnswer('Pas de session de l’espace restaurant (staff_login_required).'),
  403: errorAnswer('Réservé au propriétaire (staff_forbidden).'),
};

const auditRoute = createRoute({
  method: 'get',
  path: '/audit',
  tags,
  security: security.staff,
  summary: 'Le journal des modifications du back-office : qui, quand, quoi, avant, après ; 50 par page, les plus récentes d’abord.',
  description:
    '`before_id` : la page suivante (le `next_before_id` de la précédente) ; `entity` : un type seulement (item, offer, settings…). Propriétaire seulement.',
  request: { query: AuditQuerySchema },
  responses: { 200: successAnswer(AuditPageSchema, 'Une page du journal.'), 400: errorAnswer('Paramètre refusé (invalid_request).'), ...ownerErrors },
});

const exportRoute = createRoute({
  method: 'get',
  path: '/export',
  tags,
  security: security.staff,
  summary: 'Le fichier du restaurant (celui que lit npm run restaurant:import), construit depuis la base, en pièce jointe restaurant-AAAA-MM-JJ.json.',
  responses: {
    200: { description: 'Le fichier du restaurant.', content: { 'application/json': { schema: RestaurantFileBodySchema } } },
    ...ownerErrors,
  },
});

const previewRoute = createRoute({
  method: 'post',
  path: '/import/preview',
  tags,
  security: security.staff,
  summary:
    'Ce que l’import d’un fichier du restaurant changerait : cartes, catégories, plats, offres et fermetures ajoutés, supprimés ou modifiés (champs, prix avant → après), réglages. Rien n’est écrit.',
  description:
    'Le corps est le fichier (5 Mo au plus). Un fichier invalide : 400 restaurant_file_invalid, chaque erreur avec son chemin (menus.0.categories.1.items.3.price_pickup).',
  request: { body: jsonBody(RestaurantFileBodySchema) },
  responses: {
    200: successAnswer(ImportPreviewSchema, 'L’aperçu, et la version du catalogue à renvoyer avec l’import.'),
    ...bodyErrors,
    400: errorAnswer('JSON illisible (invalid_json) ou fichier invalide (restaurant_file_invalid), les erreurs par chemin.'),
    413: errorAnswer('Fichier de plus de 5 Mo (body_too_large).'),
    ...ownerErrors,
  },
});

const importRoute = createRoute({
  method: 'post',
  path: '/import',
  tags,
  security: security.staff,
  summary: 'Remplace toute la carte, les offres, les fermetures et les réglages par ceux du fichier, en une transaction, avec son entrée au journal.',
  description:
    '`expected_catalog_version` : la version de l’aperçu ; une autre modification depuis : 409 stale_edit (`payload.current` : la version actuelle), rien n’est écrit. Un fichier invalide ne change rien.',
  request: { query: ImportQuerySchema, body: jsonBody(RestaurantFileBodySchema) },
  responses: {
    200: successAnswer(ImportResultSchema, 'Importé : la nouvelle version du catalogue et la phrase du journal.'),
    ...bodyErrors,
    400: errorAnswer('JSON illisible (invalid_json), version absente (invalid_request) ou fichier invalide (restaurant_file_invalid).'),
    413: errorAnswer('Fichier de plus de 5 Mo (body_too_large).'),
    409: errorAnswer('Le restaurant a changé depuis l’aperçu (stale_edit).'),
    ...ownerErrors,
  },
});

/** Reads the body as a restaurant file. @throws ApiError invalid_json, or restaurant_file_invalid with every error by path. */
function parseFile(value: unknown): RestaurantFile {
  const parsed = RestaurantFileSchema.safeParse(value);
  if (parsed.success) return parsed.data;
  const errors = parsed.error.issues.map((issue) => ({ path: issue.path.map(String).join('.') || '(racine)', message: issue.message }));
  throw new ApiError('restaurant_file_invalid', importAnswers.fileInvalid(errors.length), errors);
}

async function readJson(c: { req: { json(): Promise<unknown> } }): Promise<unknown> {
  try {
    return await c.req.json();
  } catch {
    throw new ApiError('invalid_json', requestErrors.invalidJson);
  }
}

const previewOf = (version: number, diff: RestaurantDiff): ImportPreview => ({
  catalog_version: version,
  changes: diff.changes,
  settings: diff.settings,
  prices_changed: diff.pricesChanged,
  summary: diff.summary,
});

/** The date of an instant in Paris, 'AAAA-MM-JJ' (the export's file name). */
const parisDate = (now: Date) => new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Paris', year: 'numeric', month: '2-digit', day: '2-digit' }).format(now);

/**
 * The audit log, export and import of the back office under /v2/restaurant
 * (docs/decisions/023-back-office.md), all owner-only. The import goes through `catalogEdit`: one
 * transaction, stale check on the catalogue version, its audit entry, the storefront rebuilt at once.
 */
export function auditRoutes(deps: { db: Database; clock: () => Date }) {
  const { db, clock } = deps;
  const app = routes();

  declare(app, auditRoute, async (c, input) => {
    await requireStaff(c, db, clock(), 'owner');
    const query = input.query();
    const where: SQL[] = [];
    if (query.before_id) where.push(lt(auditLog.id, query.before_id));
    if (query.entity) where.push(eq(auditLog.entity, query.entity));
    const rows = await db
      .select()
      .from(auditLog)
      .where(where.length ? and(...where) : undefined)
      .orderBy(desc(auditLog.id))
      .limit(auditPageSize + 1);
    const page = rows.slice(0, auditPageSize);
    return success<AuditPage>(c, {
      entries: page.map((row) => ({
        id: row.id,
        at: row.at.toISOString(),
        staff_name: row.staffName,
        entity: row.entity,
        entity_id: row.entityId,
        action: row.action,
        summary: row.summary,
        before: row.before,
        after: row.after,
      })),
      next_before_id: rows.length > auditPageSize ? page.at(-1)!.id : null,
    });
  });

  declare(app, exportRoute, async (c) => {
    await requireStaff(c, db, clock(), 'owner');
    const file = await exportRestaurant(db);
    c.header('Content-Disposition', `attachment; filename="restaurant-${parisDate(clock())}.json"`);
    return c.body(`${JSON.stringify(file, null, 2)}\n`, 200, { 'Content-Type': 'application/json; charset=utf-8' });
  });

  declare(app, previewRoute, async (c) => {
    await requireStaff(c, db, clock(), 'owner');
    const file = parseFile(await readJson(c));
    const current = await exportWithVersion(db);
    return success<ImportPreview>(c, previewOf(current.version, diffRestaurantFiles(current.file, file)));
  });

  declare(app, importRoute, async (c, input) => {
    const staff = await requireStaff(c, db, clock(), 'owner');
    const { expected_catalog_version: expected } = input.query();
    const file = parseFile(await readJson(c));
    const result = await catalogEdit(db, { staffId: staff.staffId, name: staff.name }, async (tx, version) => {
      // catalogEdit took version = the current one + 1 (locked until commit): anything in between is another change.
      if (version - 1 !== expected) throw new ApiError('stale_edit', importAnswers.stale, [], { current: { catalog_version: version - 1 } });
      const before = await exportRestaurant(tx);
      const diff = diffRestaurantFiles(before, file);
      const items = await replaceCatalog(tx, file, version);
      const summary = importSummary(diff);
      const counts = (f: RestaurantFile) => ({
        menus: f.menus.length,
        categories: f.menus.flatMap((m) => m.categories).length,
        items: f.menus.flatMap((m) => m.categories.flatMap((k) => k.items)).length,
        offers: f.offers.length + f.coupons.length,
      });
      return {
        result: { catalog_version: version, summary, menus: file.menus.length, items, offers: file.offers.length + file.coupons.length },
        audit: [
          {
            entity: 'restaurant',
            entityId: null,
            action: 'import',
            summary,
            before: counts(before),
            after: { ...counts(file), changes: diff.changes, settings: diff.settings },
          },
        ],
      };
    });
    return success<ImportResult>(c, result);
  });
  return app;
}

/** Whether a path is one of the import routes, whose body may reach `importBodyLimit` (app.ts). */
export const isImportPath = (path: string) => /^\/v2\/restaurant\/import(\/preview)?\/?$/.test(path);
