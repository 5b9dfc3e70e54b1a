import { useEffect, useRef, useState } from 'react';
import { useRevalidator } from 'react-router';
import type { DishView, MenuTree } from '@resto/contract/backoffice-menu';
import * as menuRoutes from '@resto/contract/menu.routes';
import { requestErrors } from '@resto/copy/errors/request';
import { backOfficeShared } from '@resto/copy/staff/back-office';
import { ApiCallError, api } from '../../lib/api.ts';
import type { GroupRow } from './group-forms.tsx';

/** What the menu editor orders and removes: the API's words for menus, categories and dishes. */
export type Kind = 'menus' | 'categories' | 'items';

/** The form open in the editor's dialog, if any: a dish of a category, a menu, a category of a menu (null row: a new one). */
export type Editing =
  | { kind: 'dish'; dish: DishView | null; categoryId: number }
  | { kind: 'menu'; row: GroupRow | null }
  | { kind: 'category'; row: GroupRow | null; menuId: number }
  | null;

/** The routes of each kind's move and removal (packages/contract/src/menu.routes.ts). */
const moveRoutes = { items: menuRoutes.moveDish, categories: menuRoutes.moveCategory, menus: menuRoutes.moveMenu } as const;
const deleteRoutes = { items: menuRoutes.deleteDish, categories: menuRoutes.deleteCategory, menus: menuRoutes.deleteMenu } as const;

/**
 * The menu editor's state and changes (docs/decisions/023): the open form (`editing`), the page's
 * success `notice` and `error` (a stale edit says so in its own words), the removal being asked
 * (`confirming`, a key such as `dish-12`) and `busy` while a change is sent. `move` and `remove`
 * send one change from the browser, then reload the page's data (`tree`); after a move the
 * moved row's button keeps the focus (or its twin, when the row reached an end). `saved` closes
 * the form after its own call succeeded.
 */
export function useMenuActions(tree: MenuTree) {
  const revalidator = useRevalidator();
  const [editing, setEditing] = useState<Editing>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [confirming, setConfirming] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  // The move button to focus once the moved row is drawn again (keyboard users keep their place).
  const focusAfter = useRef<string | null>(null);

  useEffect(() => {
    const id = focusAfter.current;
    if (!id || busy) return;
    const target = document.getElementById(id) as HTMLButtonElement | null;
    const other = document.getElementById(id.replace(/-(up|down)$/u, (_, d: string) => (d === 'up' ? '-down' : '-up')));
    (target && !target.disabled ? target : other)?.focus();
    focusAfter.current = null;
  }, [tree, busy]);

  const run = async (action: () => Promise<string | null>) => {
    setBusy(true);
    setError(null);
    setNotice(null);
    try {
      const message = await action();
      setConfirming(null);
      await revalidator.revalidate();
      if (message) setNotice(message);
    } catch (e) {
      setError(e instanceof ApiCallError ? (e.code === 'stale_edit' ? backOfficeShared.staleEdit : e.message) : requestErrors.genericError);
      await revalidator.revalidate();
    } finally {
      setBusy(false);
    }
  };

  const move = (kind: Kind, id: number, direction: 'up' | 'down') =>
    run(async () => {
      await api.call(moveRoutes[kind], { params: { id: String(id) }, body: { direction } });
      focusAfter.current = `move-${kind}-${id}-${direction}`;
      return null;
    });

  const remove = (kind: Kind, id: number, version: number) =>
    run(async () => {
      const done = await api.call(deleteRoutes[kind], { params: { id: String(id) }, query: { expected_version: version } });
      return done.message;
    });

  const saved = async () => {
    setEditing(null);
    setNotice(backOfficeShared.saved);
    await revalidator.revalidate();
  };

  return { editing, setEditing, notice, error, confirming, setConfirming, busy, move, remove, saved };
}

/** The menu editor's state and changes, as `useMenuActions` gives them to the page's parts. */
export type MenuActions = ReturnType<typeof useMenuActions>;
