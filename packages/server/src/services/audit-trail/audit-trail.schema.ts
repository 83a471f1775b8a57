import { maxAuditTrailReleases, type AuditTrailRequest } from '@scr/domain';
import { Type } from '@feathersjs/typebox';

/**
 * `audit-trail` create (releases spec §7 "releaseAddresses, includeadr"): 1 to 500 release
 * addresses; `includeadr` is accepted as the spec's client sends it and changes nothing.
 */
export const auditTrailRequestSchema = Type.Object(
  {
    releaseAddresses: Type.Array(Type.String({ maxLength: 64 }), {
      minItems: 1,
      maxItems: maxAuditTrailReleases,
    }),
    includeadr: Type.Optional(Type.Unknown()),
  },
  { additionalProperties: false },
);

export type { AuditTrailRequest };
