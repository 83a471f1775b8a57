import type { Params } from '@feathersjs/feathers';
import type { OrganizationRole } from '@scr/domain';
import { actorOf } from '../../auth/admin-policy.ts';
import { appError } from '../../errors/app-error.ts';

/**
 * Who a releases-area lookup (releases spec §3 "Other lookups", §7 `organizations` get 0 and
 * find by ids or addresses) answers for: the caller's organisation, a person's or an API key's
 * (DESIGN §4 "carriers' systems"), and whether it may find every organisation (support, or the
 * server's own call, which has no organisation). Anyone else from outside is refused.
 */
export interface LookupReach {
  organizationId: number | null;
  organizationRole: OrganizationRole | null;
  everyone: boolean;
}

export function lookupReachOf(params: Params): LookupReach {
  const actor = actorOf(params);
  if (actor.kind === 'system') {
    return { organizationId: null, organizationRole: null, everyone: true };
  }
  if (actor.kind !== 'nobody') {
    const { organizationId, organizationRole } = actor;
    return { organizationId, organizationRole, everyone: actor.kind === 'support' };
  }
  const { apiKey } = params;
  if (!apiKey) throw appError('forbidden');
  return {
    organizationId: apiKey.organizationId,
    organizationRole: apiKey.organizationRole,
    everyone: false,
  };
}

/** A lookup list as the query gives it (one value, or `$in` with one or several), or null. */
export function listOf<T>(value: T | { $in: T | T[] } | undefined): T[] | null {
  if (value === undefined) return null;
  if (typeof value === 'object' && value !== null && '$in' in value)
    return [value.$in].flat() as T[];
  return [value as T];
}
