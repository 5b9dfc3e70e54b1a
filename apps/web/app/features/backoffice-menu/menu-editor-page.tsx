import { Plus } from 'lucide-react';
import type { MenuTree } from '@resto/contract/backoffice-menu';
import { dishForm, menuForm, menuEditor as t } from '@resto/copy/staff/menu';
import { FormAlert } from '../../components/ui/alert.tsx';
import { buttonClass } from '../../components/ui/button.tsx';
import { PageHeader } from '../../components/ui/page-header.tsx';
import { DishForm, type CategoryChoice } from './dish-form.tsx';
import { EditorDialog } from './editor-dialog.tsx';
import { GroupForm } from './group-forms.tsx';
import { MenuSection } from './menu-rows.tsx';
import { useMenuActions, type MenuActions } from './use-menu-actions.ts';

/**
 * The menu editor (/restaurant/carte, owner only; docs/decisions/023): menus, their categories and
 * dishes in their order, each dish with its prices and badges (masqué, épuisé aujourd'hui).
 * Forms open in a dialog (full screen on a phone); up/down buttons reorder (the focus follows the
 * moved row); deleting asks first, saying what will be archived and what deleted. Every change is
 * sent by the browser, then the page's data is reloaded.
 */
export function MenuEditorPage({ tree, now }: { tree: MenuTree; now: string }) {
  const actions = useMenuActions(tree);
  const categories: CategoryChoice[] = tree.menus.flatMap((menu) =>
    menu.categories.map((c) => ({ categoryId: c.category_id, name: c.name, menuName: menu.name })),
  );
  return (
    <div className="space-y-6">
      <PageHeader
        title={t.title}
        intro={t.intro}
        action={
          <button
            type="button"
            onClick={() => actions.setEditing({ kind: 'menu', row: null })}
            className={buttonClass('secondary', 'flex items-center gap-2 self-start px-4 py-2 text-sm')}
          >
            <Plus size={16} aria-hidden />
            {t.addMenu}
          </button>
        }
      />
      <div aria-live="polite" className="space-y-2">
        <FormAlert message={actions.notice} tone="success" />
        <FormAlert message={actions.error} />
      </div>
      {tree.menus.map((menu, menuIndex) => (
        <MenuSection key={menu.menu_id} menu={menu} index={menuIndex} total={tree.menus.length} now={now} actions={actions} />
      ))}
      <EditorDialogs categories={categories} actions={actions} />
    </div>
  );
}

/** The form open in the editor's dialog (a dish's, a menu's, a category's), if any. */
function EditorDialogs({ categories, actions }: { categories: CategoryChoice[]; actions: MenuActions }) {
  const { editing, setEditing, saved } = actions;
  const close = () => setEditing(null);
  if (editing?.kind === 'dish')
    return (
      <EditorDialog title={editing.dish ? dishForm.editDish(editing.dish.name) : dishForm.newDish} onClose={close}>
        <DishForm dish={editing.dish} categoryId={editing.categoryId} categories={categories} onSaved={() => void saved()} onCancel={close} />
      </EditorDialog>
    );
  if (editing?.kind === 'menu')
    return (
      <EditorDialog title={editing.row ? t.editMenu(editing.row.name) : menuForm.newMenu} onClose={close}>
        <GroupForm isMenu row={editing.row} onSaved={() => void saved()} onCancel={close} />
      </EditorDialog>
    );
  if (editing?.kind === 'category')
    return (
      <EditorDialog title={editing.row ? t.editCategory(editing.row.name) : menuForm.newCategory} onClose={close}>
        <GroupForm isMenu={false} row={editing.row} menuId={editing.menuId} onSaved={() => void saved()} onCancel={close} />
      </EditorDialog>
    );
  return null;
}
