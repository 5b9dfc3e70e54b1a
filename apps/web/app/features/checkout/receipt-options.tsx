import { useState } from 'react';
import { BusinessSchema } from '@resto/domain/checkout';
import { Field } from '../../components/ui/field.tsx';
import { useCheckoutStore } from './checkout-store.ts';
import { receiptOptions } from '@resto/copy/storefront/checkout';

const emptyBusiness = { company_name: '', address: '', vat_number: '', siren: '' };

/**
 * Receipt options under the personal tab (docs/decisions/013-receipts.md): "ne pas faire figurer
 * mon nom sur le reçu", and, collapsed, a company's details for an invoice. Both optional.
 */
export function ReceiptOptions() {
  const receipt = useCheckoutStore((s) => s.receipt);
  const setReceipt = useCheckoutStore((s) => s.setReceipt);
  const [touched, setTouched] = useState(false);
  const business = receipt.business ?? emptyBusiness;
  const parsed = receipt.business ? BusinessSchema.safeParse(receipt.business) : null;
  const errorOf = (field: keyof typeof emptyBusiness) =>
    touched && parsed && !parsed.success ? parsed.error.issues.find((issue) => issue.path[0] === field)?.message : undefined;
  const change = (field: keyof typeof emptyBusiness, value: string) => setReceipt({ ...receipt, business: { ...business, [field]: value } });

  return (
    <div className="space-y-3 rounded-2xl border border-black/10 p-4">
      <label className="flex items-start gap-2 text-sm">
        <input
          type="checkbox"
          className="mt-0.5 h-4 w-4"
          checked={receipt.hideName}
          onChange={(event) => setReceipt({ ...receipt, hideName: event.target.checked })}
        />
        <span>{receiptOptions.anonymous}</span>
      </label>
      <details
        open={receipt.business !== null}
        onToggle={(event) => {
          const open = (event.currentTarget as HTMLDetailsElement).open;
          if (open !== (receipt.business !== null)) setReceipt({ ...receipt, business: open ? business : null });
        }}
      >
        <summary className="cursor-pointer text-sm font-semibold">{receiptOptions.invoiceToggle}</summary>
        <div className="mt-3 grid gap-3 sm:grid-cols-2" onBlur={() => setTouched(true)}>
          <Field
            id="business_company_name"
            label={receiptOptions.businessName}
            autoComplete="organization"
            value={business.company_name}
            error={errorOf('company_name')}
            onChange={(e) => change('company_name', e.target.value)}
          />
          <Field
            id="business_address"
            label={receiptOptions.businessAddress}
            autoComplete="street-address"
            value={business.address}
            error={errorOf('address')}
            onChange={(e) => change('address', e.target.value)}
          />
          <Field
            id="business_vat_number"
            label={receiptOptions.vatNumber}
            value={business.vat_number}
            error={errorOf('vat_number')}
            onChange={(e) => change('vat_number', e.target.value)}
          />
          <Field
            id="business_siren"
            label={receiptOptions.siren}
            inputMode="numeric"
            value={business.siren}
            error={errorOf('siren')}
            onChange={(e) => change('siren', e.target.value)}
          />
        </div>
      </details>
    </div>
  );
}
