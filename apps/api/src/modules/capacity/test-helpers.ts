import { expect } from 'vitest';
import type { CapacityUpdate, CapacityView, FullSlots } from '@resto/contract/backoffice-capacity';
import type { CapacitySettingName } from '@resto/domain/capacity';
import { buildOrderPayload, payloadOf, postOrder, request, type JsonResponse, type OrderOverrides, type TestServer } from '../../test/harness.ts';
import { staffRequest } from '../../test/staff.ts';

/** Helpers of the capacity tests (docs/decisions/023): the owner's calls, limits set, orders aimed at a slot. */

/** GET or PUT /v2/restaurant/capacity with a staff cookie (null: none). */
export function capacityCall(server: Pick<TestServer, 'baseUrl'>, cookie: string | null, method: 'GET' | 'PUT', body?: CapacityUpdate | Record<string, unknown>): Promise<JsonResponse<CapacityView>> {
  return staffRequest<CapacityView>(server, cookie, method, '/v2/restaurant/capacity', body);
}

/** Sets capacity settings as the owner (reading their versions first); fails unless saved. */
export async function setCapacity(server: Pick<TestServer, 'baseUrl'>, ownerCookie: string, values: Partial<Record<CapacitySettingName, number | number[] | null>>): Promise<CapacityView> {
  const current = payloadOf(await capacityCall(server, ownerCookie, 'GET'));
  const expected_versions = Object.fromEntries(Object.keys(values).map((name) => [name, current.versions[name] ?? 0]));
  const saved = await capacityCall(server, ownerCookie, 'PUT', { values, expected_versions });
  expect(saved.status, JSON.stringify(saved.body)).toBe(200);
  return payloadOf(saved);
}

/** No limit at all. */
export function clearCapacity(server: Pick<TestServer, 'baseUrl'>, ownerCookie: string) {
  return setCapacity(server, ownerCookie, {
    'capacity.max_orders': null,
    'capacity.pickup_max_orders': null,
    'capacity.max_items': null,
    'capacity.pickup_max_items': null,
    'capacity.item_categories': [],
  });
}

/** A pickup cash order payload for a scheduled slot ('YYYY-MM-DD', 'HH:MM-HH:MM'). */
export function slotOrder(server: Pick<TestServer, 'baseUrl' | 'now'>, date: string, range: string, overrides: OrderOverrides = {}) {
  return buildOrderPayload(server, { is_scheduled: true, delivery_date: date, delivery_time_range: range, ...overrides });
}

/** Places an order that must be created; @returns its id. */
export async function placeOrder(server: Pick<TestServer, 'baseUrl'>, payload: unknown): Promise<number> {
  const created = await postOrder(server.baseUrl, payload);
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  return payloadOf(created).order_id;
}

/** GET /v2/public/slots. */
export async function fullSlotsOf(server: Pick<TestServer, 'baseUrl'>, date: string, isPickup: boolean, items?: number): Promise<FullSlots> {
  const query = new URLSearchParams({ date, is_pickup: String(isPickup), ...(items === undefined ? {} : { items: String(items) }) });
  return payloadOf(await request<FullSlots>(server.baseUrl, `/v2/public/slots?${query}`));
}
