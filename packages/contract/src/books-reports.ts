import { z } from '@resto/domain/zod-fr';
import { meansOfPayment, salesChannels } from '@resto/domain/books';

/**
 * The owner's sales report (/restaurant/ventes; docs/decisions/031-the-books.md), as
 * GET /v2/restaurant/books/report answers it. Euros (two decimals, exact: the cents of the journal).
 */

const dayPattern = /^\d{4}-\d{2}-\d{2}$/;

export const SalesReportQuerySchema = z.object({
  period: z
    .enum(['day', 'week', 'month', 'range'])
    .default('day')
    .meta({ description: 'Un jour, la semaine (lundi–dimanche) ou le mois qui contient `from`, ou la période `from`–`to`.' }),
  from: z.string().regex(dayPattern).optional().meta({ description: 'Jour `AAAA-MM-JJ` (par défaut : aujourd’hui, heure de Paris).', example: '2026-11-24' }),
  to: z.string().regex(dayPattern).optional().meta({ description: 'Dernier jour inclus, pour `period=range`.', example: '2026-11-30' }),
});

const byMeans = z.object(Object.fromEntries(meansOfPayment.map((m) => [m, z.number()])) as Record<(typeof meansOfPayment)[number], z.ZodNumber>);
const byChannel = z.object(Object.fromEntries(salesChannels.map((c) => [c, z.number()])) as Record<(typeof salesChannels)[number], z.ZodNumber>);

export const SalesReportSchema = z
  .object({
    period: z.object({ kind: z.enum(['day', 'week', 'month', 'range']), from: z.string(), to: z.string() }),
    /** Whether the period reaches a business day not closed yet: its figures still move. */
    live: z.boolean(),
    total_ttc: z.number(),
    total_ht: z.number(),
    total_vat: z.number(),
    vat: z.array(
      z.object({ rate: z.number().meta({ description: 'Pourcentage : 10, 5.5, 20.' }), total_ht: z.number(), total_vat: z.number(), total_ttc: z.number() }),
    ),
    payments: byMeans.meta({ description: 'Encaissé par moyen de paiement, net des annulations et remboursements.' }),
    refunds: byMeans,
    channels: byChannel.meta({ description: 'Ventes TTC par canal.' }),
    counts: z.object({ receipts: z.number().int(), credit_notes: z.number().int(), refunds: z.number().int(), payments: z.number().int() }),
    orders: z.number().int().meta({ description: 'Tickets moins avoirs : les commandes vendues.' }),
    average_basket: z.number(),
    discounts: z.number().meta({ description: 'Ce qu’ont coûté offres et codes promo.' }),
    delivery_fees: z.number(),
    dishes: z
      .array(z.object({ label: z.string(), quantity: z.number().int(), total_ttc: z.number() }))
      .meta({ description: 'Plats vendus, les meilleurs d’abord.' }),
    orders_per_hour: z.array(z.number().int()).length(24).meta({ description: 'Tickets émis par heure (Paris), de 0 h à 23 h.' }),
    customers: z.object({ new: z.number().int(), returning: z.number().int() }),
    /** The orders that stood, by where they came from: the storefront or the phone (docs/decisions/036-phone-orders.md). */
    orders_per_source: z.object({ online: z.number().int(), phone: z.number().int() }),
  })
  .meta({ id: 'SalesReport' });
export type SalesReportAnswer = z.infer<typeof SalesReportSchema>;
