import {
  servicePaths,
  type OrderCreate,
  type OrderOrganization,
  type OrderView,
  type Page,
} from '@scr/domain';
import { api, apiBase } from '../../api/client.ts';
import { HttpError, requestJson } from '../../api/http.ts';
import { boundSession } from '../../api/session-binding.ts';

/** Query keys of the order page. */
export const orderKeys = {
  all: ['order'] as const,
  organizations: (addresses: readonly string[]) =>
    ['order', 'organizations', ...addresses] as const,
  search: (field: string) => ['order', 'search', field] as const,
};

/**
 * `GET organizations?address[$in]=…&countUsers=true` (access spec §7 "Order and organisations"):
 * these organisations with their size and Premium end, as the price and start date need them.
 */
export async function orderOrganizations(
  addresses: readonly string[],
): Promise<OrderOrganization[]> {
  const page = (await api.service(servicePaths.organizations).find({
    query: { address: { $in: [...addresses] }, countUsers: true },
  })) as Page<OrderOrganization>;
  return page.data;
}

/** `GET organizations?field=…`: organisations by name or VAT number (at least 2 characters). */
export async function searchOrderOrganizations(field: string): Promise<OrderOrganization[]> {
  const page = (await api.service(servicePaths.organizations).find({
    query: { field },
  })) as Page<OrderOrganization>;
  return page.data;
}

/**
 * `POST orders`. Sent past the shared client's hooks on purpose: a 401 here does not end the
 * session with the general alert but with the order page's own message (access spec §8 "401 on
 * order submission"), so the call carries the session's token itself.
 */
export async function submitOrder(order: OrderCreate): Promise<OrderView> {
  const token = await boundSession()?.freshToken();
  if (!token) throw new HttpError(401, 'not_authenticated', 'No access token found');
  return requestJson<OrderView>(`${apiBase}/${servicePaths.orders}`, {
    method: 'POST',
    token,
    body: order,
  });
}

/** How the page leaves for the login after a 401 (a full page load); replaced in tests. */
export const orderNavigation = {
  reloadTo: (url: string) => window.location.assign(url),
};
