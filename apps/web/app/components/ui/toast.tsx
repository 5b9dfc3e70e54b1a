import { create } from 'zustand';
import { X } from 'lucide-react';
import { toastTexts } from '@resto/copy/storefront/site';

interface Toast {
  id: number;
  message: string;
  tone: 'error' | 'success' | 'info';
}

interface ToastState {
  toasts: Toast[];
  show(message: string, tone?: Toast['tone']): void;
  dismiss(id: number): void;
  /** Drops every alert of one tone: a new attempt makes the last one's failure stale. */
  dismissTone(tone: Toast['tone']): void;
}

let nextId = 1;

/** In-page alerts (docs/decisions/016, section 4.3: never window.alert), announced to screen readers. */
export const useToasts = create<ToastState>()((set, get) => ({
  toasts: [],
  show: (message, tone = 'error') => {
    const id = nextId++;
    set((s) => ({ toasts: [...s.toasts.filter((t) => t.message !== message), { id, message, tone }] }));
    setTimeout(() => get().dismiss(id), 6000);
  },
  dismiss: (id) => set((s) => ({ toasts: s.toasts.filter((t) => t.id !== id) })),
  dismissTone: (tone) => set((s) => ({ toasts: s.toasts.filter((t) => t.tone !== tone) })),
}));

const toneClass = { error: 'bg-red-700', success: 'bg-emerald-700', info: 'bg-night' } as const;

export function Toaster() {
  const { toasts, dismiss } = useToasts();
  return (
    <div className="pointer-events-none fixed inset-x-0 top-3 z-[60] flex flex-col items-center gap-2 px-3" aria-live="assertive">
      {toasts.map((toast) => (
        <div
          key={toast.id}
          role="alert"
          className={`pointer-events-auto flex w-full max-w-md items-start gap-3 rounded-xl px-4 py-3 text-sm text-white shadow-lg ${toneClass[toast.tone]}`}
        >
          <p className="flex-1">{toast.message}</p>
          <button type="button" onClick={() => dismiss(toast.id)} aria-label={toastTexts.close} className="-m-1 rounded p-1">
            <X size={16} aria-hidden />
          </button>
        </div>
      ))}
    </div>
  );
}
