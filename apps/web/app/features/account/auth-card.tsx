import type { ReactNode } from 'react';
import { Loader2 } from 'lucide-react';
import { authCardTexts } from '@resto/domain/messages/account';

/** The frame of the /auth pages: a centred card, a title, a line of help, the form, links under it. */
export function AuthCard({ title, intro, children, footer }: { title: string; intro?: ReactNode; children: ReactNode; footer?: ReactNode }) {
  return (
    <div className="mx-auto w-full max-w-md px-4 py-8 sm:py-12">
      <div className="rounded-3xl bg-white p-6 shadow-sm sm:p-8">
        <h1 className="text-2xl font-extrabold">{title}</h1>
        {intro ? <p className="mt-2 text-ink/70">{intro}</p> : null}
        <div className="mt-6">{children}</div>
      </div>
      {footer ? <div className="mt-5 space-y-2 text-center text-sm">{footer}</div> : null}
    </div>
  );
}

/** The server's French message (spec section 8: stored and shown as it comes), or a success note. */
export function FormAlert({ message, tone = 'error' }: { message: string | null; tone?: 'error' | 'success' }) {
  if (!message) return null;
  return (
    <p
      role={tone === 'error' ? 'alert' : 'status'}
      className={`rounded-xl px-3 py-2.5 text-sm font-medium ${tone === 'error' ? 'bg-red-50 text-red-800' : 'bg-emerald-50 text-emerald-800'}`}
    >
      {message}
    </p>
  );
}

/** The form's main button; while the call runs it says so and cannot be pressed twice. */
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
      {loading ? authCardTexts.unInstant : children}
    </button>
  );
}
