import type { ReactNode } from 'react';

/**
 * A page of running text (legal pages, about, blog): readable line length. On phones a table's rows
 * become stacked cards, each cell preceded by its `data-label`.
 */
export function Prose({ title, intro, children }: { title: string; intro?: ReactNode; children: ReactNode }) {
  return (
    <article className="mx-auto max-w-3xl px-4 py-10 leading-relaxed [&_a]:text-brand-700 [&_a]:underline [&_h2]:mt-8 [&_h2]:mb-2 [&_h2]:text-xl [&_h2]:font-bold [&_h3]:mt-5 [&_h3]:mb-1 [&_h3]:font-semibold [&_li]:ml-5 [&_li]:list-disc [&_p]:my-2 [&_table]:my-3 [&_table]:w-full max-sm:[&_thead]:hidden max-sm:[&_tr]:block max-sm:[&_tr]:border-t max-sm:[&_tr]:border-black/10 max-sm:[&_tr]:py-2 max-sm:[&_td]:block max-sm:[&_td]:border-0 max-sm:[&_td]:py-0.5 max-sm:[&_td]:before:font-semibold max-sm:[&_td:first-child]:font-semibold max-sm:[&_td]:before:content-[attr(data-label)] [&_code]:break-all [&_table]:text-sm [&_td]:border-t [&_td]:border-black/10 [&_td]:py-1.5 [&_td]:pr-3 [&_td]:align-top [&_th]:pb-1 [&_th]:pr-3 [&_th]:text-left">
      <h1 className="text-3xl font-extrabold">{title}</h1>
      {intro ? <p className="mt-2 text-ink/70">{intro}</p> : null}
      {children}
    </article>
  );
}
