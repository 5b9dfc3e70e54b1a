import { randomBytes, randomInt } from 'node:crypto';
import type { User } from '@resto/domain/account';
import { payloadOf, request, type JsonResponse, type TestServer } from './harness.ts';

/** Account factories for API tests (docs/decisions/006): each test makes its own addresses and client IPs. */

/** A fresh e-mail address nobody used in this database. */
export function newEmail(label = 'client'): string {
  return `${label}.${randomBytes(5).toString('hex')}@example.fr`;
}

/** A fresh client address (the harness trusts X-Forwarded-For), so per-IP limits stay per test. */
export function newIp(): string {
  return `10.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}`;
}

export const strongPassword = 'Pizza-du-jeudi-2026';

export interface Session {
  token: string;
  user: User;
}

export interface AccountInput {
  email?: string;
  password?: string;
  first_name?: string;
  last_name?: string;
  phone?: string;
  ip?: string;
}

/** Sends a JSON body with an optional bearer token and client IP. */
export function call<T = unknown>(
  server: Pick<TestServer, 'baseUrl'>,
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE' | 'PUT',
  path: string,
  options: { body?: unknown; token?: string; ip?: string; headers?: Record<string, string> } = {},
): Promise<JsonResponse<T>> {
  const headers: Record<string, string> = { 'X-Forwarded-For': options.ip ?? newIp(), ...options.headers };
  if (options.body !== undefined) headers['Content-Type'] = 'application/json';
  if (options.token) headers.Authorization = `Bearer ${options.token}`;
  return request<T>(server.baseUrl, path, { method, headers, body: options.body === undefined ? undefined : JSON.stringify(options.body) });
}

export function signupBody(input: AccountInput = {}) {
  return {
    first_name: input.first_name ?? 'Lucie',
    last_name: input.last_name ?? 'Martin',
    phone: input.phone ?? '06 11 22 33 44',
    email: input.email ?? newEmail(),
    password: input.password ?? strongPassword,
  };
}

/** Signs up, reads the code from the test SMTP server, verifies: a logged-in account. */
export async function createAccount(server: TestServer, input: AccountInput = {}): Promise<Session & { password: string }> {
  const body = signupBody(input);
  const ip = input.ip ?? newIp();
  const before = server.mail.received.length;
  payloadOf(await call(server, 'POST', '/v2/public/auth/signup/', { body, ip }));
  const to = body.email.toLowerCase();
  const mail = await server.mail.waitFor((m) => m.to === to && /confirmation/.test(m.subject) && server.mail.received.indexOf(m) >= before);
  const code = /\b(\d{6})\b/.exec(mail.subject)?.[1] ?? '';
  const session = payloadOf(await call<Session>(server, 'GET', `/v2/public/auth/verify-otp/?otp=${code}&email=${encodeURIComponent(body.email)}`, { ip }));
  return { ...session, password: body.password };
}

/** POST /v2/public/auth/login/. */
export function login(server: Pick<TestServer, 'baseUrl'>, email: string, password: string, ip?: string) {
  return call<Session>(server, 'POST', '/v2/public/auth/login/', { body: { email, password }, ip });
}

/** The query of a call authenticated the spec's way: token and user_id. */
export function authQuery(session: Session, extra = ''): string {
  return `?token=${encodeURIComponent(session.token)}&user_id=${session.user.id}${extra}`;
}
