import type { Params } from '@feathersjs/feathers';
import { requestsForReleasePermission, type SessionUser } from '@scr/domain';
import { appError } from '../../errors/app-error.ts';
import type { RequestSide } from './request-rows.ts';

/**
 * The signed-in user and the side of requests for release its organisation works with (domain
 * `requestsForReleasePermission`): a terminal is forbidden, a non-carrier without
 * canRequestForRelease is told it needs a subscription. With `needed`, the other side is
 * forbidden too (a carrier sends none, a requester answers none).
 */
export function requestSideOf(
  params: Params,
  needed?: RequestSide,
): SessionUser & { side: RequestSide } {
  const user = params.user;
  if (!user) throw appError('not_authenticated');
  const side = requestsForReleasePermission(user.organizationRole, user.features);
  if (side === 'subscriptionRequired') throw appError('subscription_required');
  if (side === 'forbidden' || (needed && side !== needed)) throw appError('forbidden');
  return { ...user, side };
}
