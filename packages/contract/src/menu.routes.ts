import { createRoute } from '@hono/zod-openapi';
import type { z } from 'zod';
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
} from './backoffice-menu.ts';
import { apiTags, bodyErrors, errorAnswer, jsonBody, staffOnly, successAnswer } from './route-kit.ts';

/**
 * The menu editor's routes (docs/decisions/023-back-office.md, « The menu editor »): the tree, and
 * create / update / delete / move of dishes, categories and menus under /v2/restaurant/menu.
 * Owner only; never cached. Each change is one versioned, audited edit of the catalogue.
 */
const tags = [apiTags.staffMenu.name];

const staleAnswer = errorAnswer(
  'L’élément a changé depuis le formulaire (stale_edit) : `payload.current` est sa valeur actuelle (null s’il a été supprimé). Rien n’est écrit.',
);
/** A category without its dishes, as its update and its move answer it. */
const CategoryOnlySchema = CategoryViewSchema.omit({ items: true, ordered: true });
/** A menu without its categories, as its update and its move answer it. */
const MenuOnlySchema = MenuViewSchema.omit({ categories: true, ordered: true });

/** The editor's three kinds of element, as their paths name them. */
type Kind = 'items' | 'categories' | 'menus';
const labels: Record<Kind, string> = { items: 'un plat', categories: 'une catégorie', menus: 'un menu' };

/** POST /v2/restaurant/menu/{kind}: creates an element at the end of its parent (owner). */
function creation<const K extends Kind, B extends z.ZodType, A extends z.ZodType>(operationId: string, kind: K, body: B, answer: A) {
  return staffOnly('owner', {
    operationId,
    method: 'post',
    path: `/v2/restaurant/menu/${kind}`,
    tags,
    summary: `Créer ${labels[kind]} (à la fin de son parent).`,
    description: 'Validé par les schémas du fichier du restaurant ; une entrée au journal des modifications. Propriétaire seulement.',
    request: { body: jsonBody(body) },
    responses: { 200: successAnswer(answer, 'L’élément créé.'), ...bodyErrors },
  });
}

/** PUT /v2/restaurant/menu/{kind}/{id}: changes an element based on the version read (owner). */
function update<const K extends Kind, B extends z.ZodType, A extends z.ZodType>(operationId: string, kind: K, description: string, body: B, answer: A) {
  return staffOnly('owner', {
    operationId,
    method: 'put',
    path: `/v2/restaurant/menu/${kind}/{id}`,
    tags,
    summary: `Modifier ${labels[kind]}, d’après la version lue (\`expected_version\`).`,
    description,
    request: { params: IdParamsSchema, body: jsonBody(body) },
    responses: { 200: successAnswer(answer, 'L’élément modifié.'), ...bodyErrors, 409: staleAnswer },
  });
}

/** DELETE /v2/restaurant/menu/{kind}/{id}?expected_version=N: archives or erases an element (owner). */
function deletion<const K extends Kind>(operationId: string, kind: K, description: string) {
  return staffOnly('owner', {
    operationId,
    method: 'delete',
    path: `/v2/restaurant/menu/${kind}/{id}`,
    tags,
    summary: `Supprimer ${labels[kind]} : archivé si des commandes passées le nomment, sinon effacé.`,
    description,
    request: { params: IdParamsSchema, query: DeleteQuerySchema },
    responses: {
      200: successAnswer(DeleteResultSchema, 'Ce qui a été fait.'),
      409: kind === 'menus' ? errorAnswer('Version périmée (stale_edit) ou dernier menu (still_in_use).') : staleAnswer,
    },
  });
}

/** POST /v2/restaurant/menu/{kind}/{id}/move: one place up or down among its siblings (owner). */
function move<const K extends Kind, A extends z.ZodType>(operationId: string, kind: K, answer: A) {
  return staffOnly('owner', {
    operationId,
    method: 'post',
    path: `/v2/restaurant/menu/${kind}/{id}/move`,
    tags,
    summary: `Monter ou descendre ${labels[kind]} d’une place parmi ses voisins.`,
    description: 'Sans effet au bord de la liste. Les positions ne font pas partie des formulaires : aucune version ne change.',
    request: { params: IdParamsSchema, body: jsonBody(MoveBodySchema) },
    responses: { 200: successAnswer(answer, 'L’élément déplacé.'), ...bodyErrors, 404: errorAnswer('Élément introuvable (not_found).') },
  });
}

/** The deletion of a category or a menu: its dishes go with it. */
const withItsDishes = 'Ses plats avec lui : chacun archivé s’il a été commandé, sinon effacé. Jamais le dernier menu (still_in_use).';

/** GET /v2/restaurant/menu: the menu to edit, in its order, each element with its version (owner). */
export const getMenuTree = createRoute(
  staffOnly('owner', {
    operationId: 'getMenuTree',
    method: 'get',
    path: '/v2/restaurant/menu',
    tags,
    summary: 'La carte à modifier : menus, catégories, plats, options et valeurs, dans leur ordre, chacun avec sa `version`.',
    description: 'Les éléments archivés sont absents. `ordered` : le plat figure dans des commandes passées (le supprimer l’archive). Propriétaire seulement.',
    responses: { 200: successAnswer(MenuTreeSchema, 'La carte.') },
  }),
);

/** POST /v2/restaurant/menu/items: a new dish at the end of its category (owner). */
export const createDish = createRoute(creation('createDish', 'items', DishCreateBodySchema, DishViewSchema));

/** PUT /v2/restaurant/menu/items/{id}: the whole dish, its options replacing the old ones (owner). */
export const updateDish = createRoute(
  update(
    'updateDish',
    'items',
    'Le plat entier : ses options et valeurs remplacent les anciennes (les numéros de celles qui restent sont gardés).',
    DishUpdateBodySchema,
    DishViewSchema,
  ),
);

/** DELETE /v2/restaurant/menu/items/{id}: archives a dish past orders name, otherwise erases it (owner). */
export const deleteDish = createRoute(
  deletion(
    'deleteDish',
    'items',
    'Un plat archivé disparaît de la carte et de l’éditeur ; les commandes passées qui le nomment restent lisibles. `expected_version` (dans la requête) : la version lue.',
  ),
);

/** POST /v2/restaurant/menu/items/{id}/move: one place up or down in its category (owner). */
export const moveDish = createRoute(move('moveDish', 'items', DishViewSchema));

/** POST /v2/restaurant/menu/categories: a new category at the end of its menu (owner). */
export const createCategory = createRoute(creation('createCategory', 'categories', CategoryCreateBodySchema, CategoryViewSchema));

/** PUT /v2/restaurant/menu/categories/{id}: a category's name and description (owner). */
export const updateCategory = createRoute(
  update(
    'updateCategory',
    'categories',
    'Son nom et sa description ; ses plats ne changent pas. La réponse est la catégorie sans ses plats.',
    CategoryUpdateBodySchema,
    CategoryOnlySchema,
  ),
);

/** DELETE /v2/restaurant/menu/categories/{id}: a category and its live dishes (owner). */
export const deleteCategory = createRoute(deletion('deleteCategory', 'categories', withItsDishes));

/** POST /v2/restaurant/menu/categories/{id}/move: one place up or down in its menu (owner). */
export const moveCategory = createRoute(move('moveCategory', 'categories', CategoryOnlySchema));

/** POST /v2/restaurant/menu/menus: a new menu, last, with the first menu's hours (owner). */
export const createMenu = createRoute(creation('createMenu', 'menus', MenuCreateBodySchema, MenuViewSchema));

/** PUT /v2/restaurant/menu/menus/{id}: a menu's name, description and visibility (owner). */
export const updateMenu = createRoute(
  update(
    'updateMenu',
    'menus',
    'Son nom, sa description et sa visibilité ; ses horaires se modifient sur la page des horaires. La réponse est le menu sans ses catégories.',
    MenuUpdateBodySchema,
    MenuOnlySchema,
  ),
);

/** DELETE /v2/restaurant/menu/menus/{id}: a menu, its categories and dishes; never the last menu (owner). */
export const deleteMenu = createRoute(deletion('deleteMenu', 'menus', withItsDishes));

/** POST /v2/restaurant/menu/menus/{id}/move: one place up or down among the menus (owner). */
export const moveMenu = createRoute(move('moveMenu', 'menus', MenuOnlySchema));
