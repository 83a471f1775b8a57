import type { Features } from '../features.ts';
import type { OrganizationRole } from '../organizations.ts';

/**
 * Which requests for release an organisation works with (releases spec §1 "Requesters: send a
 * request for release to a carrier", §2 route behind canRequestForRelease, §6 "Non-carriers:
 * … request for release (if feature)"): a requester sends them and lists what it sent; a
 * carrier lists the requests addressed to it and answers them by creating the releases. A
 * terminal does neither; a non-carrier without the feature is offered it as a subscription.
 */
export function requestsForReleasePermission(
  role: OrganizationRole,
  features: Pick<Features, 'canRequestForRelease'>,
): 'sent' | 'received' | 'forbidden' | 'subscriptionRequired' {
  if (role === 'carrier') return 'received';
  if (role === 'terminal') return 'forbidden';
  return features.canRequestForRelease ? 'sent' : 'subscriptionRequired';
}
