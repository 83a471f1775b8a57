import type { Params } from '@feathersjs/feathers';
import {
  mayManageReleases,
  mayReadAuditTrail,
  notCarrierManageMessage,
  seesTransferInfo,
  type OrganizationRole,
} from '@scr/domain';
import { appError } from '../errors/app-error.ts';

/** Who acts on releases: a signed-in person or a machine's API key, of one organisation. */
export interface ReleaseActor {
  organizationId: number;
  organizationAddress: string;
  organizationRole: OrganizationRole;
  userId: number | null;
  apiKeyId: number | null;
  /** As recorded in the ledger: `user:<id>` or `api-key:<id>`. */
  label: string;
  /** Sees to whom a release was passed on (domain `seesTransferInfo`, releases spec §2). */
  seesTransferInfo: boolean;
  /** Has canGreenLights: sees the traffic light (releases spec §6). */
  seesGreenLights?: boolean;
  /** Reads audit trails (domain `mayReadAuditTrail`): sees every party's pincode retrievals. */
  readsAuditTrail?: boolean;
}

/** The actor of an external call (REST or socket.io, after authentication); 401 without one. */
export function releaseActorOf(params: Params): ReleaseActor {
  const { user, apiKey } = params;
  if (user) {
    return {
      organizationId: user.organizationId,
      organizationAddress: user.organizationAddress,
      organizationRole: user.organizationRole,
      userId: user.id,
      apiKeyId: null,
      label: `user:${user.id}`,
      seesTransferInfo: seesTransferInfo(user.features),
      seesGreenLights: user.features.canGreenLights,
      readsAuditTrail: mayReadAuditTrail(user.organizationRole, user.features),
    };
  }
  if (apiKey) {
    return {
      organizationId: apiKey.organizationId,
      organizationAddress: apiKey.organizationAddress,
      organizationRole: apiKey.organizationRole,
      userId: null,
      apiKeyId: apiKey.id,
      label: `api-key:${apiKey.id}`,
      seesTransferInfo: seesTransferInfo(apiKey.features),
      seesGreenLights: apiKey.features.canGreenLights,
      readsAuditTrail: mayReadAuditTrail(apiKey.organizationRole, apiKey.features),
    };
  }
  throw appError('not_authenticated');
}

/**
 * Releases spec §6: only carriers create, edit and delete releases (people of a carrier, or a
 * carrier's system with a `releases:write` key); everyone else gets 403 forbidden.
 */
export function carrierActorOf(params: Params): ReleaseActor {
  const actor = releaseActorOf(params);
  if (!mayManageReleases(actor.organizationRole)) {
    throw appError('forbidden', { message: notCarrierManageMessage });
  }
  return actor;
}

/** What the ledger records of the actor, besides the organisation. */
export function actorDetails(actor: ReleaseActor): Record<string, number> {
  return actor.userId !== null ? { userId: actor.userId } : { apiKeyId: actor.apiKeyId! };
}
