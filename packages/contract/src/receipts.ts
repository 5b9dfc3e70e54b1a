import { z } from '@resto/domain/zod-fr';
import { InstantSchema } from './common.ts';

/**
 * GET /v2/public/receipts/{secret} (JSON) and /v2/public/receipts/{secret}.pdf (application/pdf):
 * the receipt or invoice of a placed order (docs/decisions/013-receipts.md). The shape is
 * packages/domain/src/receipt.ts's `Receipt` (contract.test.ts checks they agree).
 */

/** The order's secret, or the secret followed by '.pdf' for the printable file. */
export const ReceiptParamsSchema = z.object({ file: z.string() });

const ReceiptLineSchema = z.object({
  name: z.string(),
  details: z.string(),
  quantity: z.number(),
  unit_price: z.number(),
  unit_price_ht: z.number(),
  amount: z.number(),
  tax_rate: z.number(),
  free: z.boolean(),
});

export const ReceiptSchema = z
  .object({
    kind: z.enum(['receipt', 'invoice']),
    number: z.string(),
    invoice_number: z.string().nullable(),
    order_id: z.number(),
    issued_at: InstantSchema,
    issued_at_label: z.string(),
    seller: z.object({
      name: z.string(),
      company_name: z.string(),
      legal_form: z.string(),
      registration: z.string(),
      address: z.string(),
      siret: z.string(),
      vat_number: z.string(),
      phone: z.string(),
      email: z.string(),
    }),
    customer_name: z.string().nullable(),
    business: z.object({ company_name: z.string(), address: z.string(), vat_number: z.string(), siren: z.string() }).nullable(),
    is_pickup: z.boolean(),
    order_type: z.string(),
    schedule: z.string(),
    lines: z.array(ReceiptLineSchema),
    reductions: z.array(z.object({ name: z.string(), amount: z.number(), coupon: z.boolean() })),
    subtotal: z.number(),
    discount: z.number(),
    delivery: z.number(),
    total_ht: z.number(),
    tax_by_rate: z.array(z.object({ rate: z.number(), base_ht: z.number(), tax: z.number(), total_ttc: z.number() })),
    tax: z.number(),
    total_ttc: z.number(),
    tax_inclusive: z.boolean(),
    payment: z.object({
      method: z.string(),
      method_label: z.string(),
      state: z.string(),
      state_label: z.string(),
      meal_voucher_amount: z.number(),
      test_mode: z.boolean(),
    }),
    mentions: z.array(z.string()),
    /** Shown or printed again (docs/decisions/031): « DUPLICATA n° 2 », the reprint's count; null for the original. */
    duplicate: z.object({ reprint: z.number().int().positive(), label: z.string() }).nullable(),
  })
  .meta({ id: 'Receipt' });
export type Receipt = z.infer<typeof ReceiptSchema>;

/** POST …/receipt-print: the printer to print on (a printer's id), or the counter's first printer in service when absent. */
export const PrintReceiptBodySchema = z.object({ printer_id: z.number().int().positive().optional() }).meta({ id: 'PrintReceiptBody' });

/** The receipt queued: its job, and the printer it goes to. */
export const PrintReceiptResultSchema = z.object({ job_id: z.number(), printer_id: z.number(), printer_name: z.string() }).meta({ id: 'PrintReceiptResult' });
