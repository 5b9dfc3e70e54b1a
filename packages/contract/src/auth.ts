import { z } from '@resto/domain/zod-fr';
import { InstantSchema } from './common.ts';
import { OrderViewSchema } from './orders.ts';

/**
 * Accounts (spec sections 3 User, 4 Auth and 7 Calls; docs/decisions/006): /v2/public/auth/….
 * The request schemas live in packages/domain/src/account.ts (the storefront's forms validate with
 * them too) and are re-exported here.
 */
export {
  ChangePasswordSchema,
  DeleteAccountSchema,
  LoginSchema,
  OrdersQuerySchema,
  ProfileUpdateSchema,
  ResetPasswordSchema,
  SendOtpQuerySchema,
  SignupSchema,
  VerifyOtpQuerySchema,
} from '@resto/domain/account';

/** The user as the API answers it (section 3, User). */
export const UserSchema = z
  .object({
    id: z.number(),
    email: z.string(),
    first_name: z.string(),
    last_name: z.string(),
    phone: z.string(),
    address: z.string().nullable(),
  })
  .meta({ id: 'User' });
export type User = z.infer<typeof UserSchema>;

/** Login and verify-otp: a session's token and its account. */
export const SessionSchema = z.object({ token: z.string(), user: UserSchema });
export type Session = z.infer<typeof SessionSchema>;

/**
 * POST /v2/public/auth/signup/: no session yet (token null, user id null) until the e-mailed code
 * is checked; the same answer whether the e-mail has an account or not.
 */
export const SignupAnswerSchema = z.object({
  token: z.null(),
  user: UserSchema.extend({ id: z.null() }),
  message: z.string(),
});
export type SignupAnswer = z.infer<typeof SignupAnswerSchema>;

/**
 * An order of the account: the order view, the secret that opens its receipt (null before it is
 * placed) and the one that opens its status page /suivi (docs/decisions/019; the same order secret,
 * given only to the account that placed the order).
 */
const AccountOrderSchema = OrderViewSchema.extend({ receipt_secret: z.string().nullable(), tracking_secret: z.string() });
export type AccountOrder = z.infer<typeof AccountOrderSchema>;

/** GET /v2/public/auth/orders: one page of the account's orders, newest first. */
export const AccountOrdersPageSchema = z.object({
  orders: z.array(AccountOrderSchema),
  page: z.number(),
  limit: z.number(),
  total: z.number(),
  pages: z.number(),
});
export type AccountOrdersPage = z.infer<typeof AccountOrdersPageSchema>;

/**
 * GET /v2/public/auth/export (docs/decisions/012; RGPD articles 15 and 20): everything kept about the
 * account, as a JSON file to save (not in the success envelope).
 */
export const AccountExportSchema = z.object({
  exported_at: InstantSchema,
  profile: UserSchema.extend({ email_verified_at: InstantSchema.nullable(), created_at: InstantSchema, updated_at: InstantSchema }),
  orders: z.array(OrderViewSchema),
  sessions: z.array(z.object({ created_at: InstantSchema, last_used_at: InstantSchema })),
  consents: z.object({
    cookies: z.object({ stored_in: z.string(), note: z.string() }),
    marketing_emails: z.object({ given: z.boolean(), note: z.string() }),
  }),
});
export type AccountExport = z.infer<typeof AccountExportSchema>;
