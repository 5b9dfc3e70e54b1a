import { useState } from 'react';
import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { requestErrors } from '@resto/copy/errors/request';
import { ApiCallError } from './api.ts';

/**
 * Runs a form's call to the API from the browser, the one mutation hook of the storefront and
 * the staff area (the browser sends the same-site `Origin` that staff writes must carry:
 * docs/decisions/020-staff-accounts.md). Returns:
 * - `loading`: true while the call runs;
 * - `error`: null, or the French message of the form's alert: the server's message (spec section 8:
 *   "the server's message is stored and shown, loading stops"), or the generic one when the call
 *   did not fail with an ApiCallError;
 * - `setError`, to set or clear that message by hand;
 * - `run(action)`: the action's value, or undefined when it threw (nothing is rethrown).
 * With `setFieldError` (react-hook-form's) and the form's `fields`, the server's messages on those
 * fields (`errors[].path`) go under them instead of into `error`. What was typed stays.
 */
export function useAction<F extends FieldValues>(setFieldError?: UseFormSetError<F>, fields: readonly Path<F>[] = []) {
  const [loading, setLoading] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const run = async <T>(action: () => Promise<T>): Promise<T | undefined> => {
    setLoading(true);
    setError(null);
    try {
      return await action();
    } catch (e) {
      if (!(e instanceof ApiCallError)) {
        setError(requestErrors.genericError);
        return undefined;
      }
      const onFields = e.errors.filter((f) => (fields as readonly string[]).includes(f.path));
      if (setFieldError && onFields.length) for (const f of onFields) setFieldError(f.path as Path<F>, { type: 'server', message: f.message });
      else setError(e.message);
      return undefined;
    } finally {
      setLoading(false);
    }
  };
  return { loading, error, setError, run };
}
