import type { Params } from '@feathersjs/feathers';
import { requestsForReleasePermission, type Subscription } from '@scr/domain';
import { appError } from '../../errors/app-error.ts';
import type { RequestSide } from './request-rows.ts';

/** Who works with requests for release: a signed-in person, or a system's API key. */
export interface RequestCaller {
  organizationId: number;
  organizationAddress: string;
  /** Null for a system (an API key). */
  userId: number | null;
  side: RequestSide;
  /** A person's come with the session; a system's are read when needed (null here). */
  subscriptions: readonly Subscription[] | null;
}

/**
 * The caller and the side of requests for release its organisation works with (domain
 * `requestsForReleasePermission`), for a person as for a system acting for the organisation
 * (releases spec §7; its key's scope is checked by the hooks): a terminal is forbidden, a
 * non-carrier without canRequestForRelease is told it needs a subscription. With `needed`, the
 * other side is forbidden too (a carrier sends none, a requester answers none).
 */
export function requestCallerOf(params: Params, needed?: RequestSide): RequestCaller {
  const { user, apiKey } = params;
  const caller = user ?? apiKey;
  if (!caller) throw appError('not_authenticated');
  const side = requestsForReleasePermission(caller.organizationRole, caller.features);
  if (side === 'subscriptionRequired') throw appError('subscription_required');
  if (side === 'forbidden' || (needed && side !== needed)) throw appError('forbidden');
  return {
    organizationId: caller.organizationId,
    organizationAddress: caller.organizationAddress,
    userId: user?.id ?? null,
    side,
    subscriptions: user?.subscriptions ?? null,
  };
}
