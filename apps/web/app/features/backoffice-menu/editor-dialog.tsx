import { useEffect, useRef, type ReactNode } from 'react';
import { X } from 'lucide-react';
import { menuForm } from '@resto/copy/staff/menu';

/**
 * The menu editor's form frame (docs/decisions/023): full screen on a phone, a centred panel from
 * 640 px. Modal: the heading takes the focus on opening, Tab stays inside, Escape or the close
 * button cancels, and the focus goes back where it was.
 */
export function EditorDialog({ title, onClose, children }: { title: string; onClose: () => void; children: ReactNode }) {
  const heading = useRef<HTMLHeadingElement>(null);
  const box = useRef<HTMLDivElement>(null);
  // The latest onClose, read by the key handler: the dialog's set-up runs once, on opening.
  const close = useRef(onClose);
  useEffect(() => {
    close.current = onClose;
  }, [onClose]);
  useEffect(() => {
    const before = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    heading.current?.focus();
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') close.current();
      if (event.key !== 'Tab' || !box.current) return;
      // The focus stays in the dialog: Tab from the last control goes to the first, and back.
      const focusable = [...box.current.querySelectorAll<HTMLElement>('button, input, select, textarea, summary, [tabindex]:not([tabindex="-1"])')].filter(
        (el) => !el.hasAttribute('disabled'),
      );
      const first = focusable[0];
      const last = focusable.at(-1);
      if (!first || !last) return;
      if (event.shiftKey && (document.activeElement === first || document.activeElement === heading.current)) {
        event.preventDefault();
        last.focus();
      } else if (!event.shiftKey && document.activeElement === last) {
        event.preventDefault();
        first.focus();
      }
    };
    document.addEventListener('keydown', onKey);
    const overflow = document.body.style.overflow;
    document.body.style.overflow = 'hidden';
    return () => {
      document.removeEventListener('keydown', onKey);
      document.body.style.overflow = overflow;
      before?.focus();
    };
  }, []);
  return (
    <div className="fixed inset-0 z-50 flex items-stretch justify-center bg-black/40 sm:items-start sm:overflow-y-auto sm:px-6">
      <div
        ref={box}
        role="dialog"
        aria-modal="true"
        aria-labelledby="editor-dialog-title"
        className="flex w-full flex-col overflow-y-auto bg-stone-50 sm:my-6 sm:h-max sm:max-w-2xl sm:overflow-visible sm:rounded-2xl sm:shadow-xl"
      >
        <div className="sticky top-0 z-10 flex items-center gap-3 border-b border-black/10 bg-white px-4 py-3 sm:rounded-t-2xl">
          <h2 id="editor-dialog-title" ref={heading} tabIndex={-1} className="min-w-0 flex-1 truncate text-lg font-bold outline-none">
            {title}
          </h2>
          <button type="button" onClick={onClose} aria-label={menuForm.close} className="rounded-full p-2 hover:bg-black/5">
            <X size={20} aria-hidden />
          </button>
        </div>
        <div className="px-4 py-4 sm:px-6">{children}</div>
      </div>
    </div>
  );
}
