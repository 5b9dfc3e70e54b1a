import { z } from 'zod';

/**
 * The stable codes of the API's error answers (DESIGN.md, "The API contract"). A client branches
 * on these, never on a message or a field path: messages are French sentences for a person and may
 * be reworded. A code is never renamed once published; a new case gets a new code.
 *
 * Each code's HTTP status is fixed by `errorStatus` below, so one place maps codes to statuses.
 */
export const errorStatus = {
  // Reading the request
  invalid_json: 400,
  invalid_request: 400,
  invalid_text: 400,
  body_too_large: 413,
  not_found: 404,
  rate_limited: 429,
  internal_error: 500,
  database_unavailable: 503,
  server_stopping: 503,

  // Accounts and sessions
  login_required: 401,
  session_expired: 401,
  wrong_user: 403,
  login_failed: 401,
  email_not_verified: 403,
  password_too_common: 422,
  password_wrong: 422,
  code_invalid: 400,

  // Menu, coupons and offers
  /** GET /offers/{coupon}: no such code (an order naming one answers coupon_unknown, 422). */
  coupon_not_found: 404,
  coupon_unknown: 422,
  coupon_expired: 422,
  coupon_refused: 422,
  coupon_already_used: 422,
  item_unknown: 400,
  item_unavailable: 422,
  option_invalid: 400,

  // Delivery and slots
  location_not_found: 404,
  location_unavailable: 502,
  delivery_unavailable: 422,
  delivery_refused: 422,
  address_required: 400,
  slot_unavailable: 422,

  // Orders
  prices_changed: 409,
  payment_method_disabled: 422,
  meal_voucher_refused: 422,
  order_not_found: 404,
  order_proof_required: 403,
  account_mismatch: 403,
  order_status_refused: 422,
  receipt_not_found: 404,
  receipt_not_ready: 409,

  // Payments
  payment_not_for_order: 422,
  payment_amount_changed: 409,
  payment_not_confirmed: 422,
  payment_intent_unknown: 404,
  /** stripe-payment-intent without order_id: the provider knows no such customer_id. */
  payment_customer_unknown: 422,
  payment_webhook_refused: 400,
  payment_provider_unavailable: 502,
} as const;

export type ErrorCode = keyof typeof errorStatus;
export const errorCodes = Object.keys(errorStatus) as [ErrorCode, ...ErrorCode[]];
export const ErrorCodeSchema = z.enum(errorCodes);

/** A failing field of a request: 'items.0.quantity' and a French sentence. */
export const FieldErrorSchema = z.object({ path: z.string(), message: z.string() });
export type FieldError = z.infer<typeof FieldErrorSchema>;

/**
 * Every error answer: `{status: 'error', code, message, errors}`; `payload` travels along when the
 * client needs fresh data (`prices_changed` and `payment_amount_changed` carry the repriced totals).
 */
export const ErrorBodySchema = z.object({
  status: z.literal('error'),
  code: ErrorCodeSchema,
  message: z.string(),
  errors: z.array(FieldErrorSchema),
  payload: z.unknown().optional(),
});
export type ErrorBody = z.infer<typeof ErrorBodySchema>;
