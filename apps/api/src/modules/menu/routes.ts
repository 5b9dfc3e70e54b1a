import { createRoute } from '@hono/zod-openapi';
import {
  CategoryCreateBodySchema,
  CategoryUpdateBodySchema,
  CategoryViewSchema,
  DeleteQuerySchema,
  DeleteResultSchema,
  DishCreateBodySchema,
  DishUpdateBodySchema,
  DishViewSchema,
  IdParamsSchema,
  MenuCreateBodySchema,
  MenuTreeSchema,
  MenuUpdateBodySchema,
  MenuViewSchema,
  MoveBodySchema,
} from '@resto/contract/backoffice-menu';
import type { z } from 'zod';
import type { Database } from '../../db/client.ts';
import { success } from '../../http/errors.ts';
import { bodyErrors, declare, errorAnswer, jsonBody, routes, security, successAnswer } from '../../http/openapi.ts';
import { requireStaff } from '../staff/index.ts';
import { readMenuTree } from './repository.ts';
import * as menu from './service.ts';

const tags = ['Restaurant : la carte'];
const ownerErrors = {
  401: errorAnswer('Pas de session de l’espace restaurant (staff_login_required).'),
  403: errorAnswer('Réservé au propriétaire (staff_forbidden).'),
};
const staleAnswer = errorAnswer(
  'L’élément a changé depuis le formulaire (stale_edit) : `payload.current` est sa valeur actuelle (null s’il a été supprimé). Rien n’est écrit.',
);
const CategoryOnlySchema = CategoryViewSchema.omit({ items: true, ordered: true });
const MenuOnlySchema = MenuViewSchema.omit({ categories: true, ordered: true });

type Kind = 'items' | 'categories' | 'menus';
const labels: Record<Kind, string> = { items: 'un plat', categories: 'une catégorie', menus: 'un menu' };

const treeRoute = createRoute({
  method: 'get',
  path: '/menu',
  tags,
  security: security.staff,
  summary: 'La carte à modifier : menus, catégories, plats, options et valeurs, dans leur ordre, chacun avec sa `version`.',
  description: 'Les éléments archivés sont absents. `ordered` : le plat figure dans des commandes passées (le supprimer l’archive). Propriétaire seulement.',
  responses: { 200: successAnswer(MenuTreeSchema, 'La carte.'), ...ownerErrors },
});

function createRouteOf<S extends z.ZodType>(kind: Kind, body: S, answer: z.ZodType) {
  return createRoute({
    method: 'post',
    path: `/menu/${kind}`,
    tags,
    security: security.staff,
    summary: `Créer ${labels[kind]} (à la fin de son parent).`,
    description: 'Validé par les schémas du fichier du restaurant ; une entrée au journal des modifications. Propriétaire seulement.',
    request: { body: jsonBody(body) },
    responses: { 200: successAnswer(answer, 'L’élément créé.'), ...bodyErrors, ...ownerErrors },
  });
}

function updateRouteOf<S extends z.ZodType>(kind: Kind, body: S, answer: z.ZodType) {
  return createRoute({
    method: 'put',
    path: `/menu/${kind}/{id}`,
    tags,
    security: security.staff,
    summary: `Modifier ${labels[kind]}, d’après la version lue (\`expected_version\`).`,
    description:
      kind === 'items' ? 'Le plat entier : ses options et valeurs remplacent les anciennes (les numéros de celles qui restent sont gardés).' : undefined,
    request: { params: IdParamsSchema, body: jsonBody(body) },
    responses: { 200: successAnswer(answer, 'L’élément modifié.'), ...bodyErrors, ...ownerErrors, 409: staleAnswer },
  });
}

function deleteRouteOf(kind: Kind) {
  return createRoute({
    method: 'delete',
    path: `/menu/${kind}/{id}`,
    tags,
    security: security.staff,
    summary: `Supprimer ${labels[kind]} : archivé si des commandes passées le nomment, sinon effacé.`,
    description: kind === 'items' ? undefined : 'Ses plats avec lui : chacun archivé s’il a été commandé, sinon effacé. Jamais le dernier menu (still_in_use).',
    request: { params: IdParamsSchema, query: DeleteQuerySchema },
    responses: {
      200: successAnswer(DeleteResultSchema, 'Ce qui a été fait.'),
      ...ownerErrors,
      409: kind === 'menus' ? errorAnswer('Version périmée (stale_edit) ou dernier menu (still_in_use).') : staleAnswer,
    },
  });
}

function moveRouteOf(kind: Kind, answer: z.ZodType) {
  return createRoute({
    method: 'post',
    path: `/menu/${kind}/{id}/move`,
    tags,
    security: security.staff,
    summary: `Monter ou descendre ${labels[kind]} d’une place parmi ses voisins.`,
    description: 'Sans effet au bord de la liste. Les positions ne font pas partie des formulaires : aucune version ne change.',
    request: { params: IdParamsSchema, body: jsonBody(MoveBodySchema) },
    responses: { 200: successAnswer(answer, 'L’élément déplacé.'), ...bodyErrors, ...ownerErrors, 404: errorAnswer('Élément introuvable (not_found).') },
  });
}

/**
 * The menu editor's routes under /v2/restaurant (docs/decisions/023), owner only, never cached:
 * the tree, and create / update / delete / move of dishes, categories and menus
 * (service.ts; docs/decisions/023-back-office.md).
 */
export function menuEditorRoutes(deps: { db: Database; clock: () => Date }) {
  const { db, clock } = deps;
  const app = routes();
  app.use('/menu/*', async (c, next) => {
    await next();
    c.header('Cache-Control', 'no-store');
  });
  app.use('/menu', async (c, next) => {
    await next();
    c.header('Cache-Control', 'no-store');
  });
  const owner = async (c: Parameters<typeof requireStaff>[0]) => {
    const staff = await requireStaff(c, db, clock(), 'owner');
    return { staffId: staff.staffId, name: staff.name };
  };

  declare(app, treeRoute, async (c) => {
    await owner(c);
    return success(c, await readMenuTree(db));
  });

  declare(app, createRouteOf('items', DishCreateBodySchema, DishViewSchema), async (c, input) => {
    const author = await owner(c);
    return success(c, await menu.createDish(db, author, await input.body()));
  });
  declare(app, updateRouteOf('items', DishUpdateBodySchema, DishViewSchema), async (c, input) => {
    const author = await owner(c);
    const id = Number(input.params().id);
    return success(c, await menu.updateDish(db, author, id, await input.body()));
  });
  declare(app, deleteRouteOf('items'), async (c, input) => {
    const author = await owner(c);
    return success(c, await menu.deleteDish(db, author, Number(input.params().id), input.query().expected_version));
  });
  declare(app, moveRouteOf('items', DishViewSchema), async (c, input) => {
    const author = await owner(c);
    return success(c, await menu.moveDish(db, author, Number(input.params().id), await input.body()));
  });

  declare(app, createRouteOf('categories', CategoryCreateBodySchema, CategoryViewSchema), async (c, input) => {
    const author = await owner(c);
    return success(c, await menu.createCategory(db, author, await input.body()));
  });
  declare(app, updateRouteOf('categories', CategoryUpdateBodySchema, CategoryOnlySchema), async (c, input) => {
    const author = await owner(c);
    return success(c, await menu.updateCategory(db, author, Number(input.params().id), await input.body()));
  });
  declare(app, deleteRouteOf('categories'), async (c, input) => {
    const author = await owner(c);
    return success(c, await menu.deleteCategory(db, author, Number(input.params().id), input.query().expected_version));
  });
  declare(app, moveRouteOf('categories', CategoryOnlySchema), async (c, input) => {
    const author = await owner(c);
    return success(c, await menu.moveCategory(db, author, Number(input.params().id), await input.body()));
  });

  declare(app, createRouteOf('menus', MenuCreateBodySchema, MenuViewSchema), async (c, input) => {
    const author = await owner(c);
    return success(c, await menu.createMenu(db, author, await input.body()));
  });
  declare(app, updateRouteOf('menus', MenuUpdateBodySchema, MenuOnlySchema), async (c, input) => {
    const author = await owner(c);
    return success(c, await menu.updateMenu(db, author, Number(input.params().id), await input.body()));
  });
  declare(app, deleteRouteOf('menus'), async (c, input) => {
    const author = await owner(c);
    return success(c, await menu.deleteMenu(db, author, Number(input.params().id), input.query().expected_version));
  });
  declare(app, moveRouteOf('menus', MenuOnlySchema), async (c, input) => {
    const author = await owner(c);
    return success(c, await menu.moveMenu(db, author, Number(input.params().id), await input.body()));
  });
  return app;
}
