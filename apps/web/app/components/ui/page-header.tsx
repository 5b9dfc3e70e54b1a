import type { ReactNode } from 'react';

/**
 * A page's title (its one `<h1>`), an optional line of help under it and, beside them on a wide
 * screen (under them on a phone), the page's main action.
 */
export function PageHeader({ title, intro, action }: { title: ReactNode; intro?: ReactNode; action?: ReactNode }) {
  return (
    <div className="flex flex-col gap-3 sm:flex-row sm:items-end">
      <div className="min-w-0 flex-1">
        <h1 className="text-2xl font-extrabold">{title}</h1>
        {intro ? <p className="mt-1 text-sm text-ink/70">{intro}</p> : null}
      </div>
      {action}
    </div>
  );
}
