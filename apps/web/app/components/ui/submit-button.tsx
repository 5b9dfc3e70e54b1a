import type { ReactNode } from 'react';
import { Loader2 } from 'lucide-react';
import { authCard } from '@resto/copy/storefront/account';
import { buttonClass } from './button.tsx';

/** A form's main button, full width; while the call runs (`loading`) it says so and cannot be pressed twice. */
export function SubmitButton({ loading, children, tone = 'brand' }: { loading: boolean; children: ReactNode; tone?: 'brand' | 'danger' }) {
  return (
    <button
      type="submit"
      disabled={loading}
      aria-busy={loading || undefined}
      className={buttonClass(tone === 'danger' ? 'danger' : 'primary', 'flex w-full items-center justify-center gap-2 px-6 py-3')}
    >
      {loading ? <Loader2 size={18} className="animate-spin" aria-hidden /> : null}
      {loading ? authCard.waiting : children}
    </button>
  );
}
