import { useState, type ReactNode } from 'react';
import { dishForm as t } from '@resto/copy/staff/menu';
import { parseFrenchDecimal } from '@resto/domain/format';

/**
 * Small pieces of the menu editor's forms (docs/decisions/023): a field's error, the current value
 * shown after a 409 stale_edit, a price typed the French way.
 */

/** The message of a react-hook-form error, whether on a field or on an array (`root`). */
export function messageOf(error: unknown): string | undefined {
  if (!error || typeof error !== 'object') return undefined;
  const e = error as { message?: unknown; root?: { message?: unknown } };
  if (typeof e.message === 'string' && e.message) return e.message;
  if (typeof e.root?.message === 'string') return e.root.message;
  return undefined;
}

/** A field's French error, linked to its input by `${id}-error`. */
export function FieldError({ id, message }: { id: string; message: string | undefined }) {
  if (!message) return null;
  return (
    <p id={`${id}-error`} className="mt-1 text-sm font-medium text-red-700">
      {message}
    </p>
  );
}

/** After a 409: the value someone else saved, beside what was typed (shown only when they differ). */
export function CurrentValue({ show, value }: { show: boolean; value: ReactNode }) {
  if (!show) return null;
  return (
    <p className="mt-1 rounded-lg bg-amber-50 px-2 py-1 text-sm text-amber-900" data-testid="current-value">
      {value === '' || value === null ? t.currentNone : typeof value === 'string' ? t.currentValue(value) : value}
    </p>
  );
}

/** 12.5 → '12,50' (as a French price is typed). */
function decimalText(value: number | undefined | null): string {
  return typeof value === 'number' && Number.isFinite(value) ? value.toFixed(2).replace('.', ',') : '';
}

/**
 * A price typed the French way ('12,50'): the text stays as typed, the form holds the number.
 * `onChange` receives NaN when the text is not a number.
 */
export function PriceInput({
  id,
  label,
  value,
  onChange,
  onBlur,
  error,
  hint,
}: {
  id: string;
  label: string;
  value: number | undefined;
  onChange: (value: number) => void;
  onBlur?: () => void;
  error: string | undefined;
  hint?: string;
}) {
  const [text, setText] = useState(() => decimalText(value));
  return (
    <div>
      <label htmlFor={id} className={labelClass}>
        {label}
      </label>
      <input
        id={id}
        type="text"
        inputMode="decimal"
        autoComplete="off"
        value={text}
        onChange={(event) => {
          setText(event.target.value);
          onChange(parseFrenchDecimal(event.target.value));
        }}
        onBlur={onBlur}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : hint ? `${id}-hint` : undefined}
        className={inputClass(error)}
      />
      {hint && !error ? (
        <p id={`${id}-hint`} className="mt-1 text-xs text-ink/70">
          {hint}
        </p>
      ) : null}
      <FieldError id={id} message={error} />
    </div>
  );
}

export const inputClass = (error?: string) => `w-full rounded-xl border px-3 py-2.5 text-base ${error ? 'border-red-600' : 'border-black/15'}`;
export const labelClass = 'mb-1 block text-sm font-semibold';
