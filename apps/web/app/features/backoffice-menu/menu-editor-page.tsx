import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useRevalidator } from 'react-router';
import { z } from 'zod';
import { ArrowDown, ArrowUp, Pencil, Plus, Trash2 } from 'lucide-react';
import { DeleteResultSchema, type CategoryView, type DishView, type MenuTree, type MenuView } from '@resto/contract/backoffice-menu';
import { formatEuros } from '@resto/domain/format';
import { messages } from '@resto/domain/messages';
import { backOfficeMessages } from '@resto/domain/messages/backoffice';
import { availabilityTexts } from '@resto/domain/messages/backoffice-availability';
import { availabilityState } from '@resto/domain/sold-out';
import { deleteTexts, dishFormTexts, menuEditorTexts as t, menuFormTexts } from '@resto/domain/messages/backoffice-menu';
import { ApiCallError, api } from '../../lib/api.ts';
import { DishPicture } from '../../components/dish-picture.tsx';
import { DishForm, type CategoryChoice } from './dish-form.tsx';
import { EditorDialog } from './editor-dialog.tsx';
import { GroupForm, type GroupRow } from './group-forms.tsx';
import { FormAlert } from '../../components/ui/alert.tsx';

type Kind = 'menus' | 'categories' | 'items';
type Editing =
  | { kind: 'dish'; dish: DishView | null; categoryId: number }
  | { kind: 'menu'; row: GroupRow | null }
  | { kind: 'category'; row: GroupRow | null; menuId: number }
  | null;

const card = 'rounded-2xl bg-white shadow-sm';
const iconButton =
  'inline-flex h-10 w-10 items-center justify-center rounded-full border border-black/10 bg-white hover:bg-black/5 disabled:opacity-30 disabled:hover:bg-white';
const MovedSchema = z.object({ version: z.number() }).loose();

/**
 * The menu editor (/restaurant/carte, owner only; issue 14, part 1): menus, their categories and
 * dishes in their order, each dish with its prices and badges (masqué, épuisé aujourd'hui).
 * Forms open in a dialog (full screen on a phone); up/down buttons reorder (the focus follows the
 * moved row); deleting asks first, saying what will be archived and what deleted. Every change is
 * sent by the browser, then the page's data is reloaded.
 */
/** A dish's state by the words of the page Disponibilités (availabilityTexts.states): none while on sale. */
function DishStateBadge({ dish, now }: { dish: DishView; now: string }) {
  const state = availabilityState(dish.available, dish.sold_out_until ? new Date(dish.sold_out_until) : null, new Date(now));
  if (state === 'available') return null;
  return <Badge tone={state === 'sold_out' ? 'stone' : 'amber'}>{availabilityTexts.states[state]}</Badge>;
}

export function MenuEditorPage({ tree, now }: { tree: MenuTree; now: string }) {
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

  const categories: CategoryChoice[] = tree.menus.flatMap((menu) =>
    menu.categories.map((c) => ({ categoryId: c.category_id, name: c.name, menuName: menu.name })),
  );

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
      setError(e instanceof ApiCallError ? (e.code === 'stale_edit' ? backOfficeMessages.staleEdit : e.message) : messages.genericError);
      await revalidator.revalidate();
    } finally {
      setBusy(false);
    }
  };

  const move = (kind: Kind, id: number, direction: 'up' | 'down') =>
    run(async () => {
      await api.call({ method: 'POST', path: `/v2/restaurant/menu/${kind}/${id}/move`, body: { direction }, response: MovedSchema });
      focusAfter.current = `move-${kind}-${id}-${direction}`;
      return null;
    });

  const remove = (kind: Kind, id: number, version: number) =>
    run(async () => {
      const done = await api.call({
        method: 'DELETE',
        path: `/v2/restaurant/menu/${kind}/${id}`,
        query: { expected_version: version },
        response: DeleteResultSchema,
      });
      return done.message;
    });

  const saved = async () => {
    setEditing(null);
    setNotice(backOfficeMessages.saved);
    await revalidator.revalidate();
  };

  const moveButtons = (kind: Kind, id: number, name: string, first: boolean, last: boolean) => (
    <>
      <button
        id={`move-${kind}-${id}-up`}
        type="button"
        className={iconButton}
        disabled={busy || first}
        onClick={() => void move(kind, id, 'up')}
        aria-label={t.moveUp(name)}
        title={t.moveUp(name)}
      >
        <ArrowUp size={18} aria-hidden />
      </button>
      <button
        id={`move-${kind}-${id}-down`}
        type="button"
        className={iconButton}
        disabled={busy || last}
        onClick={() => void move(kind, id, 'down')}
        aria-label={t.moveDown(name)}
        title={t.moveDown(name)}
      >
        <ArrowDown size={18} aria-hidden />
      </button>
    </>
  );

  const confirmBox = (key: string, text: string, onConfirm: (() => void) | null) =>
    confirming === key ? (
      <div role="alertdialog" aria-label={text} className="mt-3 rounded-xl bg-red-50 p-3">
        <p className="text-sm font-medium text-red-900">{text}</p>
        <div className="mt-2 flex flex-wrap gap-2">
          {onConfirm ? (
            <button
              type="button"
              disabled={busy}
              onClick={onConfirm}
              className="rounded-full bg-red-700 px-4 py-2 text-sm font-semibold text-white hover:bg-red-800 disabled:opacity-70"
            >
              {deleteTexts.confirm}
            </button>
          ) : null}
          <button type="button" onClick={() => setConfirming(null)} className="rounded-full border border-black/15 bg-white px-4 py-2 text-sm font-semibold">
            {deleteTexts.cancel}
          </button>
        </div>
      </div>
    ) : null;

  const counts = (dishes: DishView[]) => ({ deleted: dishes.filter((d) => !d.ordered).length, archived: dishes.filter((d) => d.ordered).length });

  return (
    <div className="space-y-6">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-end">
        <div className="min-w-0 flex-1">
          <h1 className="text-2xl font-extrabold">{t.title}</h1>
          <p className="mt-1 text-sm text-ink/70">{t.intro}</p>
        </div>
        <button
          type="button"
          onClick={() => setEditing({ kind: 'menu', row: null })}
          className="flex items-center gap-2 self-start rounded-full border border-black/15 bg-white px-4 py-2 text-sm font-semibold hover:bg-black/5"
        >
          <Plus size={16} aria-hidden />
          {t.addMenu}
        </button>
      </div>
      <div aria-live="polite" className="space-y-2">
        <FormAlert message={notice} tone="success" />
        <FormAlert message={error} />
      </div>

      {tree.menus.map((menu, menuIndex) => {
        const menuDishes = menu.categories.flatMap((c) => c.items);
        const menuCounts = counts(menuDishes);
        return (
          <section key={menu.menu_id} aria-labelledby={`menu-${menu.menu_id}`} className="space-y-4" data-testid="menu-section">
            <div className={`${card} p-4`}>
              <div className="flex flex-wrap items-center gap-2">
                <h2 id={`menu-${menu.menu_id}`} className="min-w-0 flex-1 text-xl font-bold">
                  {menu.name} {menu.available ? null : <Badge tone="stone">{t.hidden}</Badge>}
                </h2>
                <div className="flex flex-wrap gap-1.5">
                  <button
                    type="button"
                    className={iconButton}
                    onClick={() => setEditing({ kind: 'menu', row: groupRow(menu) })}
                    aria-label={t.editMenu(menu.name)}
                    title={t.editMenu(menu.name)}
                  >
                    <Pencil size={17} aria-hidden />
                  </button>
                  {tree.menus.length > 1 ? moveButtons('menus', menu.menu_id, menu.name, menuIndex === 0, menuIndex === tree.menus.length - 1) : null}
                  <button
                    type="button"
                    className={`${iconButton} text-red-700`}
                    onClick={() => setConfirming(`menu-${menu.menu_id}`)}
                    aria-label={t.removeMenu(menu.name)}
                    title={t.removeMenu(menu.name)}
                  >
                    <Trash2 size={17} aria-hidden />
                  </button>
                </div>
              </div>
              {menu.description ? <p className="mt-1 text-sm text-ink/70">{menu.description}</p> : null}
              {confirmBox(
                `menu-${menu.menu_id}`,
                tree.menus.length <= 1 ? deleteTexts.lastMenu : deleteTexts.menuWill(menu.name, menu.ordered, menuCounts.deleted, menuCounts.archived),
                tree.menus.length <= 1 ? null : () => void remove('menus', menu.menu_id, menu.version),
              )}
            </div>

            {menu.categories.length === 0 ? <p className="text-sm text-ink/70">{t.noCategories}</p> : null}
            {menu.categories.map((category, categoryIndex) => (
              <CategoryCard
                key={category.category_id}
                category={category}
                header={
                  <>
                    <button
                      type="button"
                      className={iconButton}
                      onClick={() => setEditing({ kind: 'category', row: groupRow(category), menuId: menu.menu_id })}
                      aria-label={t.editCategory(category.name)}
                      title={t.editCategory(category.name)}
                    >
                      <Pencil size={17} aria-hidden />
                    </button>
                    {moveButtons('categories', category.category_id, category.name, categoryIndex === 0, categoryIndex === menu.categories.length - 1)}
                    <button
                      type="button"
                      className={`${iconButton} text-red-700`}
                      onClick={() => setConfirming(`category-${category.category_id}`)}
                      aria-label={t.removeCategory(category.name)}
                      title={t.removeCategory(category.name)}
                    >
                      <Trash2 size={17} aria-hidden />
                    </button>
                  </>
                }
                confirm={confirmBox(
                  `category-${category.category_id}`,
                  deleteTexts.categoryWill(category.name, category.ordered, counts(category.items).deleted, counts(category.items).archived),
                  () => void remove('categories', category.category_id, category.version),
                )}
              >
                <ul className="divide-y divide-black/5">
                  {category.items.map((dish, dishIndex) => (
                    <li key={dish.item_id} className="px-4 py-3" data-testid="dish-row">
                      <div className="flex flex-col gap-2 sm:flex-row sm:items-center sm:gap-3">
                        <div className="flex min-w-0 flex-1 items-start gap-3">
                          <DishPicture src={dish.image} sizes="56px" width={56} height={56} loading="lazy" className="h-14 w-14 shrink-0 rounded-xl bg-stone-100 object-cover" />
                          <div className="min-w-0 flex-1">
                            <p className="font-semibold">
                              <span className="mr-1.5">{dish.name}</span>
                              <DishStateBadge dish={dish} now={now} />
                            </p>
                            <p className="mt-0.5 text-sm text-ink/70" data-testid="dish-prices">
                              {t.pickupShort} {formatEuros(dish.price_pickup)} · {t.deliveryShort} {formatEuros(dish.price_delivery)}
                            </p>
                          </div>
                        </div>
                        <div className="flex flex-wrap justify-end gap-1.5">
                          <button
                            type="button"
                            onClick={() => setEditing({ kind: 'dish', dish, categoryId: category.category_id })}
                            className="inline-flex h-10 items-center gap-1.5 rounded-full border border-black/10 px-3 text-sm font-semibold hover:bg-black/5"
                            aria-label={t.editDish(dish.name)}
                          >
                            <Pencil size={16} aria-hidden />
                            {t.edit}
                          </button>
                          {moveButtons('items', dish.item_id, dish.name, dishIndex === 0, dishIndex === category.items.length - 1)}
                          <button
                            type="button"
                            className={`${iconButton} text-red-700`}
                            onClick={() => setConfirming(`dish-${dish.item_id}`)}
                            aria-label={t.removeDish(dish.name)}
                            title={t.removeDish(dish.name)}
                          >
                            <Trash2 size={17} aria-hidden />
                          </button>
                        </div>
                      </div>
                      {confirmBox(
                        `dish-${dish.item_id}`,
                        dish.ordered ? deleteTexts.dishArchived(dish.name) : deleteTexts.dishDeleted(dish.name),
                        () => void remove('items', dish.item_id, dish.version),
                      )}
                    </li>
                  ))}
                </ul>
                {category.items.length === 0 ? <p className="px-4 py-3 text-sm text-ink/70">{t.noDishes}</p> : null}
                <div className="border-t border-black/5 px-4 py-3">
                  <button
                    type="button"
                    onClick={() => setEditing({ kind: 'dish', dish: null, categoryId: category.category_id })}
                    className="flex items-center gap-2 rounded-full bg-brand-600 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-700"
                  >
                    <Plus size={16} aria-hidden />
                    {t.addDish}
                  </button>
                </div>
              </CategoryCard>
            ))}
            <button
              type="button"
              onClick={() => setEditing({ kind: 'category', row: null, menuId: menu.menu_id })}
              className="flex items-center gap-2 rounded-full border border-black/15 bg-white px-4 py-2 text-sm font-semibold hover:bg-black/5"
            >
              <Plus size={16} aria-hidden />
              {t.addCategory}
            </button>
          </section>
        );
      })}

      {editing?.kind === 'dish' ? (
        <EditorDialog title={editing.dish ? dishFormTexts.editDish(editing.dish.name) : dishFormTexts.newDish} onClose={() => setEditing(null)}>
          <DishForm
            dish={editing.dish}
            categoryId={editing.categoryId}
            categories={categories}
            onSaved={() => void saved()}
            onCancel={() => setEditing(null)}
          />
        </EditorDialog>
      ) : null}
      {editing?.kind === 'menu' ? (
        <EditorDialog title={editing.row ? t.editMenu(editing.row.name) : menuFormTexts.newMenu} onClose={() => setEditing(null)}>
          <GroupForm isMenu row={editing.row} onSaved={() => void saved()} onCancel={() => setEditing(null)} />
        </EditorDialog>
      ) : null}
      {editing?.kind === 'category' ? (
        <EditorDialog title={editing.row ? t.editCategory(editing.row.name) : menuFormTexts.newCategory} onClose={() => setEditing(null)}>
          <GroupForm isMenu={false} row={editing.row} menuId={editing.menuId} onSaved={() => void saved()} onCancel={() => setEditing(null)} />
        </EditorDialog>
      ) : null}
    </div>
  );
}

function groupRow(row: MenuView | CategoryView): GroupRow {
  return 'category_id' in row
    ? { id: row.category_id, name: row.name, description: row.description, version: row.version }
    : { id: row.menu_id, name: row.name, description: row.description, available: row.available, version: row.version };
}

function Badge({ tone, children }: { tone: 'stone' | 'amber'; children: ReactNode }) {
  return (
    <span
      className={`mr-1 inline-block rounded-full px-2 py-0.5 align-middle text-xs font-semibold ${tone === 'amber' ? 'bg-amber-100 text-amber-900' : 'bg-stone-200 text-ink/80'}`}
      data-testid="dish-badge"
    >
      {children}
    </span>
  );
}

function CategoryCard({ category, header, confirm, children }: { category: CategoryView; header: ReactNode; confirm: ReactNode; children: ReactNode }) {
  return (
    <section className={card} aria-labelledby={`category-${category.category_id}`} data-testid="category-card">
      <div className="border-b border-black/5 p-4">
        <div className="flex flex-wrap items-center gap-2">
          <h3 id={`category-${category.category_id}`} className="min-w-0 flex-1 text-lg font-bold">
            {category.name} <span className="block text-sm font-normal text-ink/65 sm:inline">{t.dishCount(category.items.length)}</span>
          </h3>
          <div className="flex flex-wrap gap-1.5">{header}</div>
        </div>
        {confirm}
      </div>
      {children}
    </section>
  );
}
