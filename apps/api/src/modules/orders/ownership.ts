import { timingSafeEqual } from 'node:crypto';
import type { Context } from 'hono';
import { orderAnswers } from '@resto/copy/errors/orders';
import type { Database } from '../../db/client.ts';
import { ApiError } from '../../http/errors.ts';
import type { AuthService } from '../auth/index.ts';
import * as repository from './repository.ts';

/** The proof fields a body may carry (OrderProofFields in packages/domain/src/checkout.ts). */
export interface OrderProof {
  secret?: string | null;
  local_id?: string | null;
}

const same = (a: string, b: string) => a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));

/**
 * Whether the caller proves it placed order `orderId` (docs/decisions/014):
 * its per-order `secret` (answered by POST /checkout/), its `local_id`, or a live Bearer token of
 * the order's account. Order numbers are sequential: the number alone proves nothing.
 * @throws ApiError 404 unknown order.
 */
export async function hasOrderProof(db: Database, auth: AuthService, c: Context, orderId: number, proof: OrderProof): Promise<boolean> {
  const order = await repository.findOrder(db, orderId);
  if (!order) throw new ApiError('order_not_found', orderAnswers.unknownOrder, [{ path: 'order_id', message: orderAnswers.unknownOrder }]);
  if (proof.secret && order.secret && same(proof.secret, order.secret)) return true;
  if (proof.local_id && same(proof.local_id, order.localId)) return true;
  const bearer = /^Bearer\s+(\S+)\s*$/i.exec(c.req.header('authorization') ?? '')?.[1];
  if (bearer && order.userId) {
    const owner = await auth.authenticate(bearer, order.userId).catch(() => null);
    if (owner) return true;
  }
  return false;
}

/** The refusal of a caller who does not prove the order (403, field `secret`). */
export function orderProofRefused(): ApiError {
  return new ApiError('order_proof_required', orderAnswers.orderProofRequired, [{ path: 'secret', message: orderAnswers.orderProofRequired }]);
}

/**
 * Checks that the caller placed order `orderId` (hasOrderProof).
 * @throws ApiError 404 unknown order, 403 no valid proof (field `secret`).
 */
export async function proveOrderOwnership(db: Database, auth: AuthService, c: Context, orderId: number, proof: OrderProof): Promise<void> {
  if (!(await hasOrderProof(db, auth, c, orderId, proof))) throw orderProofRefused();
}
