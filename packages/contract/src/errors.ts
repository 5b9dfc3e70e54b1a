import { z } from 'zod';

/**
 * The stable codes of the API's error answers (docs/decisions/017, section 2). A client branches
 * on these, never on a message or a field path: messages are French sentences for a person and may
 * be reworded. A code is never renamed once published; a new case gets a new code.
 *
 * Each code's HTTP status is fixed by `errorStatus` below, so one place maps codes to statuses.
 */
export const errorStatus = {
  // Reading the request
  invalid_json: 400,
  /** A field, query parameter or path value that fails validation; `errors` names them. */
  invalid_request: 400,
  /** Text the database cannot store: not UTF-8, a control character, a lone surrogate. */
  invalid_text: 400,
  body_too_large: 413,
  /** No such path under /v2, or no such menu for /products/{item_menu_id}. */
  not_found: 404,
  /** Too many requests or tries; Retry-After says when to come back. */
  rate_limited: 429,
  internal_error: 500,
  database_unavailable: 503,
  /** The server is restarting (graceful stop): retry, the same order's local_id included. */
  server_stopping: 503,

  // Accounts and sessions
  /** No token where one is needed (or an order with a user_id and no bearer token). */
  login_required: 401,
  /** A token that is unknown, revoked or idle too long. */
  session_expired: 401,
  /** A live token of another user than user_id. */
  wrong_user: 403,
  login_failed: 401,
  email_not_verified: 403,
  password_too_common: 422,
  /** The current password, asked again for a sensitive change, is wrong. */
  password_wrong: 422,
  /** An e-mailed code (sign-up or reset) that is wrong, used or expired. */
  code_invalid: 400,

  // Menu, coupons and offers
  /** GET /offers/{coupon}: no such code (an order naming one answers coupon_unknown, 422). */
  coupon_not_found: 404,
  coupon_unknown: 422,
  coupon_expired: 422,
  /** The coupon's conditions do not hold for this order (minimum, scope, day, order type). */
  coupon_refused: 422,
  /** A once-only coupon this customer (account or e-mail) already used. */
  coupon_already_used: 422,
  /** No such item, or not in the menu the line names. */
  item_unknown: 400,
  item_unavailable: 422,
  option_invalid: 400,

  // Delivery and slots
  location_not_found: 404,
  /** The address or routing provider failed: retry later. */
  location_unavailable: 502,
  /** The restaurant does not deliver at all now. */
  delivery_unavailable: 422,
  /** This address is outside every zone or too far. */
  delivery_refused: 422,
  address_required: 400,
  /** The time asked (now or a slot) cannot be served: closed, past, too far ahead, not offered, or items not served then. */
  slot_unavailable: 422,

  // Orders
  /** The client's totals differ from the server's; `payload` holds the fresh totals. */
  prices_changed: 409,
  payment_method_disabled: 422,
  meal_voucher_refused: 422,
  order_not_found: 404,
  /** The order's secret, local_id or its account's token is needed (docs/decisions/014). */
  order_proof_required: 403,
  /** An order in the name of another account than the token's. */
  account_mismatch: 403,
  /** The status asked is not a move this order may make (PUT, or an intent for an order no longer pending). */
  order_status_refused: 422,
  receipt_not_found: 404,
  /** The order is not placed yet (a card order not paid). */
  receipt_not_ready: 409,
  /** « Imprimer le reçu » with no counter printer to print it on (docs/decisions/033). */
  no_receipt_printer: 422,

  // Payments
  /** A cash order, or an intent that is not this order's (another order's, another amount). */
  payment_not_for_order: 422,
  /** The amount sent is not the order's total; `payload.amount` is the right one. */
  payment_amount_changed: 409,
  /** The provider has not confirmed the payment (yet). */
  payment_not_confirmed: 422,
  /** The test processor knows no such client_secret. */
  payment_intent_unknown: 404,
  /** stripe-payment-intent without order_id: the provider knows no such customer_id. */
  payment_customer_unknown: 422,
  payment_webhook_refused: 400,
  payment_provider_unavailable: 502,

  // The restaurant's side (docs/decisions/020)
  /** A staff call without a live staff session (no cookie, expired, or a removed member's). */
  staff_login_required: 401,
  /** A staff member whose role may not do this (an owner's call by `staff`). */
  staff_forbidden: 403,
  /** Wrong staff e-mail or password. */
  staff_login_failed: 401,
  /** A staff invitation or first-owner link that is unknown, used, revoked or expired. */
  staff_invitation_invalid: 400,
  /** An owner cannot remove the last owner (or themself). */
  staff_last_owner: 409,
  /** A state-changing staff call whose Origin (or Sec-Fetch-Site) is another site's (docs/decisions/020). */
  cross_site_refused: 403,
  /**
   * The order is no longer in the status the screen saw (another screen acted first, a double
   * click) or the action does not apply to it; `payload` holds the order as it is now.
   */
  order_transition_refused: 409,
  /** The payment provider refused or could not do the refund; the order keeps its status, staff may retry. */
  refund_failed: 502,
  /**
   * « Encaisser » refused what was entered (docs/decisions/031): a card or vouchers above what is
   * due, vouchers above what they may pay, nothing due; the message says which, nothing is recorded.
   */
  counter_payment_refused: 422,
  /** No payment link has this token (docs/decisions/038). */
  payment_link_unknown: 404,
  /** The payment link is past its 24 hours, or was replaced: ask the restaurant for a new one. */
  payment_link_expired: 410,
  /** No link for this order now: refused or cancelled, already paid, or a card order not paid at checkout; the message says which. */
  payment_link_refused: 409,

  // The back office (docs/decisions/023-back-office.md)
  /**
   * The edit was based on a version of the row (or setting) that someone changed since: nothing
   * is written; `payload` holds the current values, so the form can show them beside what was typed.
   */
  stale_edit: 409,
  /** An uploaded file that is not an image sharp can read (JPEG, PNG, WebP, AVIF, GIF, TIFF). */
  image_invalid: 400,
  /** An uploaded image above the upload limit (10 MB). */
  image_too_large: 413,
  /** A dish in the order is sold out (épuisé aujourd'hui or jusqu'à nouvel ordre); the message names it. */
  item_sold_out: 409,
  /** The restaurant paused ordering; the message says until when. */
  ordering_paused: 422,
  /** The order's slot has no place left (capacity per 15-minute slot); the message says so. */
  slot_full: 409,
  /** A coupon code, or another unique name, already used by another row. */
  already_used: 409,
  /** A restaurant file to import that fails its schema; `errors` name each path. */
  restaurant_file_invalid: 400,
  /** A row still referenced where it cannot be archived (a category holding live dishes, the last menu). */
  still_in_use: 409,

  // Books (docs/decisions/031)
  /** No archive of that name in the archives' folder (or a name that is not an archive's). */
  archive_not_found: 404,
  /** A month asked for an archive that is not closed yet. */
  period_not_closed: 422,
  /** The FEC or the e-reporting asked while the settings hold no SIRET (docs/decisions/032). */
  siren_missing: 422,

  // Kitchen printers (docs/decisions/033)
  /** A printer's poll with a secret no enabled printer of that connection has (its settings hold a wrong URL). */
  printer_not_found: 404,
  /** A CloudPRNT GET whose job token is unknown, another printer's, or answered already. */
  print_job_not_found: 404,
  /** A CloudPRNT GET asking a media type the server does not serve (neither StarPRNT nor ESC/POS). */
  print_media_unsupported: 415,

  // Customers (docs/decisions/037)
  /** No placed order of the restaurant has this customer's key (or their data was erased). */
  customer_not_found: 404,
  /** A member (not the owner) changing the mark of a blocked customer. */
  customer_blocked_by_owner: 403,
  /** An order of a customer the restaurant blocked: refused online, with the restaurant's phone. */
  customer_blocked: 422,
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
