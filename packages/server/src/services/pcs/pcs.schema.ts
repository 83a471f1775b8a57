import {
  assertSameType,
  maxCustodyReleases,
  type PcsApplyRequest,
  type PcsDryRunRequest,
} from '@scr/domain';
import { Type, type Static } from '@feathersjs/typebox';

const address = Type.String({ maxLength: 64 });
const addresses = Type.Array(address, { maxItems: maxCustodyReleases });
const signedReleases = Type.Array(
  Type.Object({ address, version: Type.Integer({ minimum: 1 }) }, { additionalProperties: false }),
  { maxItems: maxCustodyReleases },
);

/**
 * Releases spec §7 `PUT releases/pcs/transferToPcs` and `revokeFromPcs`: body `releaseAddresses`
 * (or `release_addresses`, as the other custody calls) and `includeadr`. The first call.
 */
export const pcsDryRunSchema = Type.Object(
  {
    dryRun: Type.Literal(true),
    releaseAddresses: Type.Optional(addresses),
    release_addresses: Type.Optional(addresses),
    includeadr: Type.Optional(Type.Boolean()),
  },
  { additionalProperties: false },
);
assertSameType<Static<typeof pcsDryRunSchema>, PcsDryRunRequest>();

/** The second call: each release at the version signed, the statement and its signature. */
export const pcsApplySchema = Type.Object(
  {
    dryRun: Type.Optional(Type.Literal(false)),
    releaseAddresses: Type.Optional(signedReleases),
    release_addresses: Type.Optional(signedReleases),
    includeadr: Type.Optional(Type.Boolean()),
    statement: Type.String({ maxLength: 2_000_000 }),
    signature: Type.String({ maxLength: 200 }),
  },
  { additionalProperties: false },
);
assertSameType<Static<typeof pcsApplySchema>, PcsApplyRequest>();
