import { z } from 'zod';
import { paymentLinkTokenPattern } from '@resto/domain/payment-links';

/**
 * Card payment links (docs/decisions/038-payment-links.md): what staff get when they make one,
 * and what the customer's page `/payer/<token>` reads. Amounts in euros, as the API writes them.
 */

/** POST /v2/restaurant/orders/{order_id}/payment-link: the link, the text to copy into an SMS, where it was e-mailed. */
export const PaymentLinkAnswerSchema = z.object({
  url: z.string(),
  token: z.string(),
  order_id: z.number(),
  /** What the link asks: the order's amount due (euros). */
  amount_due: z.number(),
  /** « Bonjour Marie, voici le lien pour régler votre commande n° 42 (23,50 €) : https://… ». */
  sms_text: z.string(),
  /** The customer's e-mail the link was sent to, or null (no e-mail on the order, or sent before). */
  emailed_to: z.string().nullable(),
  expires_at: z.string(),
});
export type PaymentLinkAnswer = z.infer<typeof PaymentLinkAnswerSchema>;

/** The path of /v2/public/payment-links/{token}. */
export const PaymentLinkParamsSchema = z.object({
  token: z.string().regex(paymentLinkTokenPattern, 'Lien de paiement invalide.').meta({ description: 'Le jeton du lien de paiement (32 caractères).' }),
});

/** Where a link stands for its customer: payable, paid, expired (or replaced), the order refused or cancelled, a card order not yet paid at checkout. */
export const paymentLinkStates = ['payable', 'paid', 'expired', 'cancelled', 'already_paid', 'not_placed'] as const;

/** GET /v2/public/payment-links/{token}: the customer's page. */
export const PaymentLinkViewSchema = z.object({
  state: z.enum(paymentLinkStates),
  /** The French sentence of a state that cannot be paid, else null. */
  message: z.string().nullable(),
  restaurant: z.object({ name: z.string(), phone: z.string() }),
  order_id: z.number(),
  is_pickup: z.boolean(),
  items: z.array(z.object({ item_name: z.string(), quantity: z.number(), options: z.array(z.string()), amount: z.number() })),
  total: z.number(),
  paid: z.number(),
  /** What the link asks (euros); what is due now when the link is payable. */
  amount_due: z.number(),
  /** The card is the built-in test processor's: no money moves. */
  payment_test_mode: z.boolean(),
  /** The order's tracking page (/suivi?commande=…). */
  tracking_path: z.string(),
});
export type PaymentLinkView = z.infer<typeof PaymentLinkViewSchema>;
