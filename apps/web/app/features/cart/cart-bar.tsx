import { useState } from 'react';
import * as Dialog from '@radix-ui/react-dialog';
import { ShoppingBag, X } from 'lucide-react';
import { formatPrice } from '@resto/domain/format';
import type { StoreData } from '../../lib/api.server.ts';
import { menuPage } from '@resto/copy/storefront/menu';
import { CartPanel } from './cart-panel.tsx';
import { useCartTotals } from './use-cart-totals.ts';
import { buttonClass } from '../../components/ui/button.tsx';

/**
 * The menu's cart on a phone: the bar at the bottom with the count and the total (while the cart
 * has lines), and the sheet it opens with the cart panel. Its own chunk (docs/decisions/027): the menu
 * renders it once the visitor's cart has had a line, so an empty cart costs no code.
 */
export function CartBar({ data }: { data: StoreData }) {
  const [open, setOpen] = useState(false);
  const { lines, totals } = useCartTotals(data);
  const count = lines.reduce((n, l) => n + l.quantity, 0);
  return (
    <>
      {count > 0 ? (
        <div className="fixed inset-x-0 bottom-0 z-40 p-3 lg:hidden">
          <button
            type="button"
            onClick={() => setOpen(true)}
            className={buttonClass('primary', 'flex w-full items-center justify-between px-5 py-3.5 shadow-xl')}
          >
            <span className="flex items-center gap-2">
              <ShoppingBag size={18} aria-hidden />
              {menuPage.viewCart}
              {count})
            </span>
            <span>{formatPrice(totals.totalCents)}</span>
          </button>
        </div>
      ) : null}

      <Dialog.Root open={open} onOpenChange={setOpen}>
        <Dialog.Portal>
          <Dialog.Overlay className="fixed inset-0 z-50 bg-black/50 lg:hidden" />
          <Dialog.Content className="fixed inset-x-0 bottom-0 z-50 max-h-[90dvh] overflow-y-auto rounded-t-3xl bg-white p-5 shadow-2xl lg:hidden">
            <div className="mb-2 flex items-center justify-between">
              <Dialog.Title className="text-lg font-bold">{menuPage.cartHeading}</Dialog.Title>
              <Dialog.Close className="grid size-10 place-items-center rounded-full" aria-label={menuPage.closeCart}>
                <X size={20} aria-hidden />
              </Dialog.Close>
            </div>
            <Dialog.Description className="sr-only">{menuPage.cartDescription}</Dialog.Description>
            <CartPanel data={data} onNavigate={() => setOpen(false)} />
          </Dialog.Content>
        </Dialog.Portal>
      </Dialog.Root>
    </>
  );
}
