import { useRouteLoaderData } from 'react-router';
import type { StoreData } from './api.server.ts';

/** Settings, menus and offers loaded once by the shell route for every page. */
export function useStoreData(): StoreData {
  const data = useRouteLoaderData<StoreData>('routes/shell');
  if (!data) throw new Error('shell data missing');
  return data;
}
