import {
  servicePaths,
  type AuditTrailAnswer,
  type AuditTrailEntry,
  type Page,
  type SecurePickupContainerRow,
  type SecurePickupContainersQuery,
} from '@scr/domain';
import { api } from '../../api/client.ts';

/** Query keys of the terminal view. */
export const securePickupKeys = {
  all: ['securePickup'] as const,
  list: (query: SecurePickupContainersQuery) => ['securePickup', 'list', query] as const,
  trail: (address: string) => ['securePickup', 'trail', address] as const,
};

/** `GET terminal-user/secure-pickup-containers` (access spec §7 "Terminal"). */
export async function listSecurePickupContainers(
  query: SecurePickupContainersQuery,
): Promise<Page<SecurePickupContainerRow>> {
  return (await api
    .service(servicePaths.securePickupContainers)
    .find({ query: { ...query } })) as Page<SecurePickupContainerRow>;
}

/** `GET audit-trail/{releaseAddress}` (access spec §7 "Terminal"): one container's trail. */
export async function securePickupTrail(address: string): Promise<AuditTrailEntry[]> {
  const answer = (await api.service(servicePaths.auditTrail).get(address)) as AuditTrailAnswer;
  return answer.data;
}
