import { useState } from 'react';
import { messages } from '@resto/domain/messages';
import { ApiCallError } from '../../lib/api.ts';

/**
 * Runs an auth call for a form: `loading` while it runs, then the server's French message in
 * `error` when it fails (spec section 8: "the server's message is stored and shown, loading stops").
 */
export function useAuthAction() {
  const [loading, setLoading] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const run = async <T>(action: () => Promise<T>): Promise<T | undefined> => {
    setLoading(true);
    setError(null);
    try {
      return await action();
    } catch (e) {
      setError(e instanceof ApiCallError ? e.message : messages.genericError);
      return undefined;
    } finally {
      setLoading(false);
    }
  };
  return { loading, error, setError, run };
}
