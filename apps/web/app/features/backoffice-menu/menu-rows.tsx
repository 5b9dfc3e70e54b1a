import type { ReactNode } from 'react';
import { ArrowDown, ArrowUp, Pencil, Plus, Trash2 } from 'lucide-react';
import type { CategoryView, DishView, MenuView } from '@resto/contract/backoffice-menu';
import { formatEuros } from '@resto/domain/format';
import { availability } from '@resto/copy/staff/availability';
import { menuDeletion, menuEditor as t } from '@resto/copy/staff/menu';
import { availabilityState } from '@resto/domain/sold-out';
import { DishPicture } from '../../components/dish-picture.tsx';
import { buttonClass } from '../../components/ui/button.tsx';
import { cardClass } from '../../components/ui/card.tsx';
import { ConfirmInline } from '../../components/ui/confirm-inline.tsx';
import type { GroupRow } from './group-forms.tsx';
import type { Kind, MenuActions } from './use-menu-actions.ts';

/** The parts of the menu editor's page (menu-editor-page.tsx): a menu's section, a category's card, a dish's row and their buttons. */

const iconButton =
  'inline-flex h-10 w-10 items-center justify-center rounded-full border border-black/10 bg-white hover:bg-black/5 disabled:opacity-30 disabled:hover:bg-white';

/** How many of these dishes a removal deletes (never ordered) and archives (ordered once). */
const counts = (dishes: DishView[]) => ({ deleted: dishes.filter((d) => !d.ordered).length, archived: dishes.filter((d) => d.ordered).length });

/** A menu's or a category's editable fields, for its form. */
export function groupRow(row: MenuView | CategoryView): GroupRow {
  return 'category_id' in row
    ? { id: row.category_id, name: row.name, description: row.description, version: row.version }
    : { id: row.menu_id, name: row.name, description: row.description, available: row.available, version: row.version };
}

/**
 * The up and down buttons of the row `row` (a menu, category or dish, by the API's `kind` and its
 * id, and its `name`; `first`, `last`: it cannot go further); ids `move-<kind>-<id>-up|down` for
 * the focus to come back.
 */
function MoveButtons({ row, first, last, actions }: { row: { kind: Kind; id: number; name: string }; first: boolean; last: boolean; actions: MenuActions }) {
  const { kind, id, name } = row;
  return (
    <>
      <button
        id={`move-${kind}-${id}-up`}
        type="button"
        className={iconButton}
        disabled={actions.busy || first}
        onClick={() => void actions.move(kind, id, 'up')}
        aria-label={t.moveUp(name)}
        title={t.moveUp(name)}
      >
        <ArrowUp size={18} aria-hidden />
      </button>
      <button
        id={`move-${kind}-${id}-down`}
        type="button"
        className={iconButton}
        disabled={actions.busy || last}
        onClick={() => void actions.move(kind, id, 'down')}
        aria-label={t.moveDown(name)}
        title={t.moveDown(name)}
      >
        <ArrowDown size={18} aria-hidden />
      </button>
    </>
  );
}

/** The pencil (`editLabel`) and the bin (`removeLabel`, which asks the removal `confirmKey`) around a row's move buttons. */
function RowButtons({
  editLabel,
  removeLabel,
  onEdit,
  confirmKey,
  actions,
  children,
}: {
  editLabel: string;
  removeLabel: string;
  onEdit: () => void;
  confirmKey: string;
  actions: MenuActions;
  children: ReactNode;
}) {
  return (
    <>
      <button type="button" className={iconButton} onClick={onEdit} aria-label={editLabel} title={editLabel}>
        <Pencil size={17} aria-hidden />
      </button>
      {children}
      <button
        type="button"
        className={`${iconButton} text-red-700`}
        onClick={() => actions.setConfirming(confirmKey)}
        aria-label={removeLabel}
        title={removeLabel}
      >
        <Trash2 size={17} aria-hidden />
      </button>
    </>
  );
}

/** The removal question `text` under the row whose key is `confirmKey`, while it is asked; `onConfirm` null: it cannot be removed (the text says why). */
function RemoveQuestion({ confirmKey, text, onConfirm, actions }: { confirmKey: string; text: string; onConfirm: (() => void) | null; actions: MenuActions }) {
  if (actions.confirming !== confirmKey) return null;
  return (
    <ConfirmInline
      text={text}
      confirmLabel={menuDeletion.confirm}
      cancelLabel={menuDeletion.cancel}
      busy={actions.busy}
      onConfirm={onConfirm}
      onCancel={() => actions.setConfirming(null)}
    />
  );
}

/** A dish's state by the words of the page Disponibilités (availabilityTexts.states): none while on sale. */
function DishStateBadge({ dish, now }: { dish: DishView; now: string }) {
  const state = availabilityState(dish.available, dish.sold_out_until ? new Date(dish.sold_out_until) : null, new Date(now));
  if (state === 'available') return null;
  return <Badge tone={state === 'sold_out' ? 'stone' : 'amber'}>{availability.states[state]}</Badge>;
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

/** One dish of a category: its picture, name, state and prices, its buttons, and its removal question. */
function DishRow({
  dish,
  categoryId,
  first,
  last,
  now,
  actions,
}: {
  dish: DishView;
  categoryId: number;
  first: boolean;
  last: boolean;
  now: string;
  actions: MenuActions;
}) {
  const confirmKey = `dish-${dish.item_id}`;
  return (
    <li className="px-4 py-3" data-testid="dish-row">
      <div className="flex flex-col gap-2 sm:flex-row sm:items-center sm:gap-3">
        <div className="flex min-w-0 flex-1 items-start gap-3">
          <DishPicture
            src={dish.image}
            sizes="56px"
            width={56}
            height={56}
            loading="lazy"
            className="h-14 w-14 shrink-0 rounded-xl bg-stone-100 object-cover"
          />
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
            onClick={() => actions.setEditing({ kind: 'dish', dish, categoryId })}
            className="inline-flex h-10 items-center gap-1.5 rounded-full border border-black/10 px-3 text-sm font-semibold hover:bg-black/5"
            aria-label={t.editDish(dish.name)}
          >
            <Pencil size={16} aria-hidden />
            {t.edit}
          </button>
          <MoveButtons row={{ kind: 'items', id: dish.item_id, name: dish.name }} first={first} last={last} actions={actions} />
          <button
            type="button"
            className={`${iconButton} text-red-700`}
            onClick={() => actions.setConfirming(confirmKey)}
            aria-label={t.removeDish(dish.name)}
            title={t.removeDish(dish.name)}
          >
            <Trash2 size={17} aria-hidden />
          </button>
        </div>
      </div>
      <RemoveQuestion
        confirmKey={confirmKey}
        text={dish.ordered ? menuDeletion.dishArchived(dish.name) : menuDeletion.dishDeleted(dish.name)}
        onConfirm={() => void actions.remove('items', dish.item_id, dish.version)}
        actions={actions}
      />
    </li>
  );
}

/** A category of a menu, as a card: its name and dish count, its buttons and removal question, its dishes and the button adding one. */
function CategoryCard({
  category,
  menuId,
  first,
  last,
  now,
  actions,
}: {
  category: CategoryView;
  menuId: number;
  first: boolean;
  last: boolean;
  now: string;
  actions: MenuActions;
}) {
  const confirmKey = `category-${category.category_id}`;
  const will = counts(category.items);
  return (
    <section className={cardClass} aria-labelledby={`category-${category.category_id}`} data-testid="category-card">
      <div className="border-b border-black/5 p-4">
        <div className="flex flex-wrap items-center gap-2">
          <h3 id={`category-${category.category_id}`} className="min-w-0 flex-1 text-lg font-bold">
            {category.name} <span className="block text-sm font-normal text-ink/65 sm:inline">{t.dishCount(category.items.length)}</span>
          </h3>
          <div className="flex flex-wrap gap-1.5">
            <RowButtons
              editLabel={t.editCategory(category.name)}
              removeLabel={t.removeCategory(category.name)}
              onEdit={() => actions.setEditing({ kind: 'category', row: groupRow(category), menuId })}
              confirmKey={confirmKey}
              actions={actions}
            >
              <MoveButtons row={{ kind: 'categories', id: category.category_id, name: category.name }} first={first} last={last} actions={actions} />
            </RowButtons>
          </div>
        </div>
        <RemoveQuestion
          confirmKey={confirmKey}
          text={menuDeletion.categoryWill(category.name, category.ordered, will.deleted, will.archived)}
          onConfirm={() => void actions.remove('categories', category.category_id, category.version)}
          actions={actions}
        />
      </div>
      <ul className="divide-y divide-black/5">
        {category.items.map((dish, dishIndex) => (
          <DishRow
            key={dish.item_id}
            dish={dish}
            categoryId={category.category_id}
            first={dishIndex === 0}
            last={dishIndex === category.items.length - 1}
            now={now}
            actions={actions}
          />
        ))}
      </ul>
      {category.items.length === 0 ? <p className="px-4 py-3 text-sm text-ink/70">{t.noDishes}</p> : null}
      <div className="border-t border-black/5 px-4 py-3">
        <button
          type="button"
          onClick={() => actions.setEditing({ kind: 'dish', dish: null, categoryId: category.category_id })}
          className={buttonClass('primary', 'flex items-center gap-2 px-4 py-2 text-sm')}
        >
          <Plus size={16} aria-hidden />
          {t.addDish}
        </button>
      </div>
    </section>
  );
}

/**
 * A menu of the editor: its card (name, hidden badge, buttons, description, removal question:
 * the last menu cannot be removed), its categories and the button adding one. `index` and
 * `total`: its place among the menus (a lone menu has no move buttons).
 */
export function MenuSection({ menu, index, total, now, actions }: { menu: MenuView; index: number; total: number; now: string; actions: MenuActions }) {
  const menuCounts = counts(menu.categories.flatMap((c) => c.items));
  const confirmKey = `menu-${menu.menu_id}`;
  return (
    <section aria-labelledby={`menu-${menu.menu_id}`} className="space-y-4" data-testid="menu-section">
      <div className={`${cardClass} p-4`}>
        <div className="flex flex-wrap items-center gap-2">
          <h2 id={`menu-${menu.menu_id}`} className="min-w-0 flex-1 text-xl font-bold">
            {menu.name} {menu.available ? null : <Badge tone="stone">{t.hidden}</Badge>}
          </h2>
          <div className="flex flex-wrap gap-1.5">
            <RowButtons
              editLabel={t.editMenu(menu.name)}
              removeLabel={t.removeMenu(menu.name)}
              onEdit={() => actions.setEditing({ kind: 'menu', row: groupRow(menu) })}
              confirmKey={confirmKey}
              actions={actions}
            >
              {total > 1 ? (
                <MoveButtons row={{ kind: 'menus', id: menu.menu_id, name: menu.name }} first={index === 0} last={index === total - 1} actions={actions} />
              ) : null}
            </RowButtons>
          </div>
        </div>
        {menu.description ? <p className="mt-1 text-sm text-ink/70">{menu.description}</p> : null}
        <RemoveQuestion
          confirmKey={confirmKey}
          text={total <= 1 ? menuDeletion.lastMenu : menuDeletion.menuWill(menu.name, menu.ordered, menuCounts.deleted, menuCounts.archived)}
          onConfirm={total <= 1 ? null : () => void actions.remove('menus', menu.menu_id, menu.version)}
          actions={actions}
        />
      </div>

      {menu.categories.length === 0 ? <p className="text-sm text-ink/70">{t.noCategories}</p> : null}
      {menu.categories.map((category, categoryIndex) => (
        <CategoryCard
          key={category.category_id}
          category={category}
          menuId={menu.menu_id}
          first={categoryIndex === 0}
          last={categoryIndex === menu.categories.length - 1}
          now={now}
          actions={actions}
        />
      ))}
      <button
        type="button"
        onClick={() => actions.setEditing({ kind: 'category', row: null, menuId: menu.menu_id })}
        className={buttonClass('secondary', 'flex items-center gap-2 px-4 py-2 text-sm')}
      >
        <Plus size={16} aria-hidden />
        {t.addCategory}
      </button>
    </section>
  );
}
