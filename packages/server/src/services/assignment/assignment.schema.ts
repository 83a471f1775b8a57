import {
  identificationTypes,
  maxCustodyReleases,
  transporterTypes,
  visitNumberMaxLength,
} from '@scr/domain';
import { StringEnum, Type, type Static } from '@feathersjs/typebox';

const address = Type.String({ maxLength: 64 });
const addresses = Type.Array(address, { maxItems: maxCustodyReleases });
const signedReleases = Type.Array(
  Type.Object({ address, version: Type.Integer({ minimum: 1 }) }, { additionalProperties: false }),
  { maxItems: maxCustodyReleases },
);

/** Releases spec §7 names the list `releaseAddresses`; `release_addresses` as the custody calls. */
const commonFields = {
  includeadr: Type.Optional(Type.Boolean()),
};

/** The assignee of an assign (DESIGN §3); unassign sends none. */
const assigneeFields = {
  type: Type.Optional(StringEnum([...transporterTypes])),
  identification: Type.Optional(Type.String({ minLength: 1, maxLength: 100 })),
  identificationType: Type.Optional(StringEnum([...identificationTypes])),
  /** The second call of an assign: the dry run's salt of the identification's commitment. */
  identificationSalt: Type.Optional(Type.String({ pattern: '^0x[0-9a-f]{32}$' })),
  visitNumber: Type.Optional(
    Type.Union([Type.String({ maxLength: visitNumberMaxLength }), Type.Null()]),
  ),
};

/** `PUT releases/assignment/info` and `/check`: the releases by address. */
export const assignmentQuerySchema = Type.Object(
  {
    ...commonFields,
    releaseAddresses: Type.Optional(addresses),
    release_addresses: Type.Optional(addresses),
  },
  { additionalProperties: false },
);
export type AssignmentQueryBody = Static<typeof assignmentQuerySchema>;

/** The first call of assign or unassign: `dryRun: true`, the releases by address, the assignee. */
export const assignmentDryRunSchema = Type.Object(
  {
    ...commonFields,
    ...assigneeFields,
    dryRun: Type.Literal(true),
    releaseAddresses: Type.Optional(addresses),
    release_addresses: Type.Optional(addresses),
  },
  { additionalProperties: false },
);
export type AssignmentDryRunBody = Static<typeof assignmentDryRunSchema>;

/** The second call: each release with the version signed, the statement and its signature. */
export const assignmentApplySchema = Type.Object(
  {
    ...commonFields,
    ...assigneeFields,
    dryRun: Type.Optional(Type.Literal(false)),
    releaseAddresses: Type.Optional(signedReleases),
    release_addresses: Type.Optional(signedReleases),
    statement: Type.String({ maxLength: 2_000_000 }),
    signature: Type.String({ maxLength: 200 }),
  },
  { additionalProperties: false },
);
export type AssignmentApplyBody = Static<typeof assignmentApplySchema>;
