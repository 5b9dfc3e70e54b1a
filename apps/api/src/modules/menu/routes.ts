import * as menuRoutes from '@resto/contract/menu.routes';
import type { Database } from '../../db/client.ts';
import { ok, routes, serve, type StaffPrincipal } from '../../http/openapi.ts';
import type { BooksService } from '../books/index.ts';
import { staffAuthenticator } from '../staff/index.ts';
import { readMenuTree } from './repository.ts';
import * as menu from './service.ts';

/** Who made a change, as the audit log names them. */
function authorOf(staff: StaffPrincipal, books?: BooksService) {
  return { staffId: staff.staffId, name: staff.name, books };
}

/**
 * The menu editor's routes under /v2/restaurant/menu (docs/decisions/023), declared in
 * packages/contract/src/menu.routes.ts, owner only, never cached: the tree, and create / update /
 * delete / move of dishes, categories and menus (service.ts; docs/decisions/023-back-office.md).
 */
export function menuEditorRoutes(deps: { db: Database; clock: () => Date; books?: BooksService }) {
  const { db, clock } = deps;
  const app = routes({ authenticateStaff: staffAuthenticator(db, clock) });
  app.use('/v2/restaurant/menu/*', async (c, next) => {
    await next();
    c.header('Cache-Control', 'no-store');
  });
  app.use('/v2/restaurant/menu', async (c, next) => {
    await next();
    c.header('Cache-Control', 'no-store');
  });

  serve(app, menuRoutes.getMenuTree, async (c) => ok(c, await readMenuTree(db)));

  serve(app, menuRoutes.createDish, async (c) => ok(c, await menu.createDish(db, authorOf(c.var.staff, deps.books), c.req.valid('json'))));
  serve(app, menuRoutes.updateDish, async (c) => ok(c, await menu.updateDish(db, authorOf(c.var.staff, deps.books), Number(c.req.valid('param').id), c.req.valid('json'))));
  serve(app, menuRoutes.deleteDish, async (c) =>
    ok(c, await menu.deleteDish(db, authorOf(c.var.staff), Number(c.req.valid('param').id), c.req.valid('query').expected_version)),
  );
  serve(app, menuRoutes.moveDish, async (c) => ok(c, await menu.moveDish(db, authorOf(c.var.staff), Number(c.req.valid('param').id), c.req.valid('json'))));

  serve(app, menuRoutes.createCategory, async (c) => ok(c, await menu.createCategory(db, authorOf(c.var.staff), c.req.valid('json'))));
  serve(app, menuRoutes.updateCategory, async (c) =>
    ok(c, await menu.updateCategory(db, authorOf(c.var.staff), Number(c.req.valid('param').id), c.req.valid('json'))),
  );
  serve(app, menuRoutes.deleteCategory, async (c) =>
    ok(c, await menu.deleteCategory(db, authorOf(c.var.staff), Number(c.req.valid('param').id), c.req.valid('query').expected_version)),
  );
  serve(app, menuRoutes.moveCategory, async (c) =>
    ok(c, await menu.moveCategory(db, authorOf(c.var.staff), Number(c.req.valid('param').id), c.req.valid('json'))),
  );

  serve(app, menuRoutes.createMenu, async (c) => ok(c, await menu.createMenu(db, authorOf(c.var.staff), c.req.valid('json'))));
  serve(app, menuRoutes.updateMenu, async (c) => ok(c, await menu.updateMenu(db, authorOf(c.var.staff), Number(c.req.valid('param').id), c.req.valid('json'))));
  serve(app, menuRoutes.deleteMenu, async (c) =>
    ok(c, await menu.deleteMenu(db, authorOf(c.var.staff), Number(c.req.valid('param').id), c.req.valid('query').expected_version)),
  );
  serve(app, menuRoutes.moveMenu, async (c) => ok(c, await menu.moveMenu(db, authorOf(c.var.staff), Number(c.req.valid('param').id), c.req.valid('json'))));
  return app;
}
