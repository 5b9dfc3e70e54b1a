import type { ReactNode } from 'react';
import { Loader2 } from 'lucide-react';
import { authCard } from '@resto/copy/storefront/account';

/** A form's main button, full width; while the call runs (`loading`) it says so and cannot be pressed twice. */
export function SubmitButton({ loading, children, tone = 'brand' }: { loading: boolean; children: ReactNode; tone?: 'brand' | 'danger' }) {
  const colour = tone === 'danger' ? 'bg-red-700 hover:bg-red-800' : 'bg-brand-600 hover:bg-brand-700';
  return (
    <button
      type="submit"
      disabled={loading}
      aria-busy={loading || undefined}
      className={`flex w-full items-center justify-center gap-2 rounded-full px-6 py-3 font-semibold text-white disabled:opacity-70 ${colour}`}
    >
      {loading ? <Loader2 size={18} className="animate-spin" aria-hidden /> : null}
      {loading ? authCard.waiting : children}
    </button>
  );
}
