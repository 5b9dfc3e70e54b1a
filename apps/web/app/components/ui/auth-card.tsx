import type { ReactNode } from 'react';

/**
 * The frame of the sign-in pages (the customer's /auth pages, the staff login and invitation):
 * a centred card, a title, a line of help, the form, links under it.
 */
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
