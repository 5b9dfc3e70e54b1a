import type { HTMLAttributes } from 'react';

/** The white rounded card of every screen (a page's section, a category of the menu editor…); the caller adds its padding. */
export const cardClass = 'rounded-2xl bg-white shadow-sm';

/** A `<section>` drawn as a card, with `p-6` padding unless `padding` says otherwise; `className` adds classes. */
export function Card({ padding = 'p-6', className = '', ...section }: HTMLAttributes<HTMLElement> & { padding?: string }) {
  return <section className={`${cardClass} ${padding}${className ? ` ${className}` : ''}`} {...section} />;
}
