import type { ButtonHTMLAttributes } from 'react';

/**
 * The buttons' looks, shared by the storefront and the staff area:
 * - `primary`: the brand's filled pill, for the page's main action;
 * - `secondary`: a white pill with a thin border, for the other actions;
 * - `danger`: the red filled pill, for what removes or cancels something.
 * Shape, colours, hover and disabled states only: the caller adds the layout (padding, width, margins).
 */
export type ButtonVariant = 'primary' | 'secondary' | 'danger';

const variantClass: Record<ButtonVariant, string> = {
  primary: 'rounded-full bg-brand-600 font-semibold text-white hover:bg-brand-700 disabled:opacity-70',
  secondary: 'rounded-full border border-black/15 bg-white font-semibold hover:bg-black/5 disabled:opacity-70',
  danger: 'rounded-full bg-red-700 font-semibold text-white hover:bg-red-800 disabled:opacity-70',
};

/** The class string of a button (or of a link drawn as one) of `variant`, followed by the caller's `extra` layout classes. */
export function buttonClass(variant: ButtonVariant, extra = ''): string {
  return extra ? `${variantClass[variant]} ${extra}` : variantClass[variant];
}

/**
 * A `<button>` of the kit: `type="button"` unless told otherwise, drawn as `variant` (primary by
 * default); `className` adds layout classes.
 */
export function Button({
  variant = 'primary',
  className = '',
  type = 'button',
  ...button
}: ButtonHTMLAttributes<HTMLButtonElement> & { variant?: ButtonVariant }) {
  return <button type={type} className={buttonClass(variant, className)} {...button} />;
}
