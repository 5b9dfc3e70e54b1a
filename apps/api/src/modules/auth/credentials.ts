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
 * The caller's IP address for rate limits: the socket's peer, or the first X-Forwarded-For hop
 * when `trustProxy` says a reverse proxy sets it. In-process calls (the storefront's SSR) have none.
 */
export function clientIp(c: Context, trustProxy: boolean): string {
  if (trustProxy) {
    const forwarded = c.req.header('x-forwarded-for')?.split(',')[0]?.trim();
    if (forwarded) return forwarded;
  }
  try {
    return getConnInfo(c).remote.address ?? 'inconnue';
  } catch {
    return 'interne';
  }
}
