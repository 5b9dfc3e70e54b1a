import type { Context } from 'hono';
import { getConnInfo } from '@hono/node-server/conninfo';

/**
 * Where a call's token and user id are (spec section 7): `Authorization: Bearer <token>` or the
 * query `token`, else the body's `token`; the user id from the query `user_id`, the `user-id`
 * header, else the body's `user_id`.
 */
export function credentialsOf(c: Context, body?: { token?: unknown; user_id?: unknown }): { token: string | undefined; userId: unknown } {
  const bearer = /^Bearer\s+(\S+)\s*$/i.exec(c.req.header('authorization') ?? '')?.[1];
  const token = bearer ?? c.req.query('token') ?? (typeof body?.token === 'string' ? body.token : undefined);
  const userId = c.req.query('user_id') ?? c.req.header('user-id') ?? body?.user_id;
  return { token: token || undefined, userId };
}

/**
 * The X-Forwarded-For entry the nearest trusted proxy wrote (docs/decisions/014): with `hops`
 * proxies in front of us, the `hops`-th entry from the right. Entries on its left were written by
 * the client and prove nothing (rotating them bypassed every per-address limit). Fewer entries
 * than hops: the leftmost, which the outermost proxy present wrote. @returns undefined without the header.
 */
export function forwardedClient(header: string | undefined, hops: number): string | undefined {
  if (!header || hops < 1) return undefined;
  const entries = header
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
  if (entries.length === 0) return undefined;
  return entries[Math.max(0, entries.length - hops)];
}

/**
 * The caller's IP address for rate limits: the socket's peer, or, behind `trustProxy` reverse
 * proxies (true: 1), the address the nearest one appended to X-Forwarded-For (forwardedClient).
 * In-process calls (the storefront's SSR) have none.
 */
export function clientIp(c: Context, trustProxy: boolean | number): string {
  const forwarded = forwardedClient(c.req.header('x-forwarded-for'), trustProxy === true ? 1 : Number(trustProxy) || 0);
  if (forwarded) return forwarded;
  try {
    return getConnInfo(c).remote.address ?? 'inconnue';
  } catch {
    return 'interne';
  }
}
