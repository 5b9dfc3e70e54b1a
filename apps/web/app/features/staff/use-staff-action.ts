import { useState } from 'react';
import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { messages } from '@resto/domain/messages';
import { ApiCallError } from '../../lib/api.ts';

/**
 * Runs a staff-area call for a form (issue 13, part 1): `loading` while it runs; when it fails,
 * the server's French message goes under the fields it names (`errors[].path`, through
 * `setFieldError`) and otherwise into `error`, for the form's alert. What was typed stays.
 */
export function useStaffAction<F extends FieldValues>(setFieldError?: UseFormSetError<F>, fields: readonly Path<F>[] = []) {
  const [loading, setLoading] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const run = async <T>(action: () => Promise<T>): Promise<T | undefined> => {
    setLoading(true);
    setError(null);
    try {
      return await action();
    } catch (e) {
      if (!(e instanceof ApiCallError)) {
        setError(messages.genericError);
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
