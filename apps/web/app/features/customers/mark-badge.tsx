import type { CustomerMark } from '@resto/domain/customers';
import { customersPage as t } from '@resto/copy/staff/customers';

/** « Signalé » (amber) or « Bloqué » (red) beside a customer's name; nothing without a mark. */
export function MarkBadge({ mark }: { mark: CustomerMark | null }) {
  if (!mark) return null;
  return (
    <span
      className={`rounded-full px-2 py-0.5 text-xs font-bold ${mark === 'blocked' ? 'bg-red-100 text-red-800' : 'bg-amber-100 text-amber-900'}`}
      data-testid="customer-mark"
    >
      {mark === 'blocked' ? t.blockedBadge : t.flaggedBadge}
    </span>
  );
}
