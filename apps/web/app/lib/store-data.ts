import { useCallback } from 'react';
import { useRouteLoaderData } from 'react-router';
import type { StoreData } from './api.server.ts';
import { storeData } from '@resto/copy/storefront/site';

/** Settings, menus and offers loaded once by the shell route for every page. */
export function useStoreData(): StoreData {
  const data = useRouteLoaderData<StoreData>('routes/shell');
  if (!data) throw new Error('shell data missing');
  return data;
}

/** The name of a menu item by id, for lines that only carry the id (free items). */
export function useItemName(data: StoreData): (itemId: number) => string {
  return useCallback(
    (itemId: number) => data.menus.flatMap((m) => m.categories.flatMap((c) => c.items)).find((i) => i.item_id === itemId)?.item_name ?? storeData.itemFallback(itemId),
    [data],
  );
}
