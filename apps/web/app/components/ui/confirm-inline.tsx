import { buttonClass } from './button.tsx';

/**
 * A question asked in place, under what it is about (never window.confirm: docs/decisions/016,
 * section 4.3): the question `text`, read out as the box's name, a red button `confirmLabel` that
 * runs `onConfirm` (left out when `onConfirm` is null: the thing cannot be done, the text says why)
 * and a button `cancelLabel` that runs `onCancel`. `busy` disables the confirmation while a call runs.
 */
export function ConfirmInline({
  text,
  confirmLabel,
  cancelLabel,
  onConfirm,
  onCancel,
  busy = false,
}: {
  text: string;
  confirmLabel: string;
  cancelLabel: string;
  onConfirm: (() => void) | null;
  onCancel: () => void;
  busy?: boolean;
}) {
  return (
    <div role="alertdialog" aria-label={text} className="mt-3 rounded-xl bg-red-50 p-3">
      <p className="text-sm font-medium text-red-900">{text}</p>
      <div className="mt-2 flex flex-wrap gap-2">
        {onConfirm ? (
          <button type="button" disabled={busy} onClick={onConfirm} className={buttonClass('danger', 'px-4 py-2 text-sm')}>
            {confirmLabel}
          </button>
        ) : null}
        <button type="button" onClick={onCancel} className="rounded-full border border-black/15 bg-white px-4 py-2 text-sm font-semibold">
          {cancelLabel}
        </button>
      </div>
    </div>
  );
}
