import { useState } from 'react';
import { Tag, X } from 'lucide-react';
import { getCoupon } from '@resto/contract/catalog.routes';
import { api, ApiCallError } from '../../lib/api.ts';
import { useCartStore } from './cart-store.ts';
import { couponField } from '@resto/copy/storefront/cart';

/**
 * The coupon field of the cart and the checkout (spec section 4, Coupon): GET
 * /v2/public/offers/{coupon}; success makes it valid and keeps its id, anything else invalid.
 * Whether it applies to this cart (minimum, order type, time) is the pricing's answer, `refusal`.
 */
export function CouponField({ refusal, idPrefix }: { refusal: string | null; idPrefix: string }) {
  const coupon = useCartStore((s) => s.coupon);
  const setCoupon = useCartStore((s) => s.setCoupon);
  const [code, setCode] = useState('');
  const [checking, setChecking] = useState(false);
  const inputId = `${idPrefix}-coupon`;

  const apply = async (event: React.FormEvent) => {
    event.preventDefault();
    const entered = code.trim().toUpperCase();
    if (!entered) return;
    setChecking(true);
    try {
      const [offer] = await api.call(getCoupon, { params: { coupon: entered } });
      setCoupon({ code: entered, validity: offer ? 'valid' : 'invalid', id: offer?.id ?? null, offer: offer ?? null, message: null });
      setCode('');
    } catch (error) {
      setCoupon({ code: entered, validity: 'invalid', id: null, offer: null, message: error instanceof ApiCallError ? error.message : null });
    } finally {
      setChecking(false);
    }
  };

  if (coupon?.validity === 'valid') {
    return (
      <div className="rounded-xl bg-emerald-50 px-3 py-2 text-sm" data-testid="coupon-applied">
        <div className="flex items-center gap-2">
          <Tag size={16} className="text-emerald-700" aria-hidden />
          <span className="flex-1">
            {couponField.appliedPrefix}<strong>{coupon.code}</strong> : {coupon.offer?.name}
          </span>
          <button
            type="button"
            onClick={() => setCoupon(null)}
            className="grid size-8 place-items-center rounded-full"
            aria-label={couponField.remove(coupon.code)}
          >
            <X size={16} aria-hidden />
          </button>
        </div>
        {refusal ? (
          <p role="status" className="mt-1 font-medium text-amber-800">
            {refusal}
          </p>
        ) : null}
      </div>
    );
  }
  return (
    <form onSubmit={(e) => void apply(e)} className="space-y-1">
      <label htmlFor={inputId} className="text-sm font-semibold">
        {couponField.label}
      </label>
      <div className="flex gap-2">
        <input
          id={inputId}
          value={code}
          onChange={(e) => setCode(e.target.value)}
          autoCapitalize="characters"
          autoComplete="off"
          placeholder={couponField.placeholder}
          aria-invalid={coupon?.validity === 'invalid' ? true : undefined}
          aria-describedby={coupon?.validity === 'invalid' ? `${inputId}-error` : undefined}
          className="min-w-0 flex-1 rounded-xl border border-black/15 px-3 py-2 text-base uppercase"
        />
        <button type="submit" disabled={checking || !code.trim()} className="rounded-xl bg-ink px-4 py-2 text-sm font-semibold text-white disabled:opacity-40">
          {checking ? '…' : couponField.apply}
        </button>
      </div>
      {coupon?.validity === 'invalid' ? (
        <p id={`${inputId}-error`} role="alert" className="text-sm font-medium text-red-700">
          {coupon.message ?? couponField.invalid(coupon.code)}
        </p>
      ) : null}
    </form>
  );
}
