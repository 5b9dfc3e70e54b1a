import { useCallback, useRef, useState } from 'react';
import type { BoardOrder } from '@resto/contract/board';
import { orderActions } from '@resto/copy/staff/board';
import { isApiError } from '../../lib/api.ts';
import { orderOfRefusal } from './board-api.ts';
import { useBoardStore } from './board-store.ts';

/**
 * One call at a time on an order's screen (docs/decisions/019): while a call runs every button is
 * disabled and a second click is dropped (a double click sends one call). The answer's order goes
 * into the store; a 409 shows the server's French message and the order as it is now (its payload),
 * never the stale card.
 */
export function useOrderCall() {
  const [running, setRunning] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const busy = useRef(false);

  const run = useCallback(async (key: string, call: () => Promise<BoardOrder>): Promise<BoardOrder | null> => {
    if (busy.current) return null;
    busy.current = true;
    setRunning(key);
    setError(null);
    try {
      const order = await call();
      useBoardStore.getState().order(order);
      return order;
    } catch (failure) {
      const now = orderOfRefusal(failure);
      if (now) {
        useBoardStore.getState().order(now);
        setError(`${(failure as Error).message} ${orderActions.staleOrder}`);
      } else {
        setError(isApiError(failure) && failure.code !== 'network' ? failure.message : orderActions.actionFailed);
      }
      return null;
    } finally {
      busy.current = false;
      setRunning(null);
    }
  }, []);

  const clearError = useCallback(() => setError(null), []);
  return { running, error, run, clearError };
}
