import { Type, type TObject, type TSchema } from '@feathersjs/typebox';
import {
  defaultRowLimit,
  maxBlNumberLength,
  maxPincodeLength,
  rowsPerPageOptions,
  type CustodyAction,
} from '@scr/domain';
import {
  assignmentApplySchema,
  assignmentDryRunSchema,
} from '../services/assignment/assignment.schema.ts';
import { billsOfLadingQuerySchema } from '../services/bills-of-lading/bills-of-lading.schema.ts';
import { containersQuerySchema } from '../services/containers/containers.schema.ts';
import {
  custodyApplySchema,
  custodyDryRunSchema,
  pincodeLogApplySchema,
  pincodeLogDryRunSchema,
} from '../services/custody/custody.schema.ts';
import { pcsApplySchema, pcsDryRunSchema } from '../services/pcs/pcs.schema.ts';
import { releaseCreateSchema, releasePatchSchema } from '../services/releases/releases.schema.ts';
import { maxReleasesPerCall } from '../services/releases/releases.shared.ts';
import { requestForReleaseCreateSchema } from '../services/requests-for-release/requests-for-release.schema.ts';
import { statementSchemaOf, statementSignature, statementText } from './statement-schemas.ts';

/**
 * The request bodies and queries as the document describes them: the services' own schemas
 * (`services/*\/*.schema.ts`, which leave some fields optional so that the domain's validation
 * answers the spec's own message for a missing one, releases spec §5) with what the server
 * refuses without marked as required and not null, so a client generated from the document
 * refuses what the server refuses. Every property is the service's; only these are narrowed.
 * `request-schemas.api.test.ts` checks that each keeps the service schema's properties.
 */

type Properties = Record<string, TSchema>;

/**
 * A text the domain refuses when it is missing, null or only spaces (its `…Required` message):
 * at least one character that is not a space.
 */
const filled = (maxLength: number, description: string) =>
  Type.String({ minLength: 1, maxLength, pattern: '\\S', description });

/** The service's object schema with some properties replaced, some required, and a title. */
function narrowed(
  schema: TObject,
  title: string,
  replace: Properties,
  options: { required?: string[]; description?: string; anyOf?: unknown[] } = {},
): TObject {
  const properties = { ...schema.properties, ...replace };
  const required = [...new Set([...(schema.required ?? []), ...(options.required ?? [])])];
  return {
    ...schema,
    properties,
    required,
    title,
    ...(options.description ? { description: options.description } : {}),
    ...(options.anyOf ? { anyOf: options.anyOf } : {}),
  } as TObject;
}

/** One of these members must be there, and not null: `anyOf` of `required` alternatives. */
const oneOfMembers = (...names: string[]) =>
  names.map((name) => ({ required: [name], properties: { [name]: { not: { type: 'null' } } } }));

const billOfLading = releaseCreateSchema.properties.billOfLading as TObject;
const container = releaseCreateSchema.properties.container as TObject;
const sentOrDefault = (what: string) =>
  `${what}; absent or null takes the default, an empty text is refused`;

/** Releases spec §3 "Create payload", §5 "Create and edit a release". */
export const releaseCreateBody = narrowed(
  releaseCreateSchema,
  'ReleaseCreate',
  {
    billOfLading: narrowed(
      billOfLading,
      'ReleaseCreateBillOfLading',
      {
        blNumber: filled(
          maxBlNumberLength,
          `The BL number (required): letters, digits and . - / _, at most ${maxBlNumberLength} characters`,
        ),
      },
      { required: ['blNumber'] },
    ),
    container: narrowed(
      container,
      'ReleaseCreateContainer',
      {
        containerNumber: filled(
          64,
          'The container number (required), ISO 6346 with its check digit (CSQU3054383); spaces and case do not matter',
        ),
        pickupLocation: filled(64, 'The pick-up terminal’s code (required), one the portal knows'),
        validFrom: Type.Optional(
          Type.Union([filled(32, 'YYYY-MM-DD'), Type.Null()], {
            description: sentOrDefault('YYYY-MM-DD, today by default'),
          }),
        ),
        validUntil: Type.Optional(
          Type.Union([filled(32, 'YYYY-MM-DD'), Type.Null()], {
            description: sentOrDefault(
              'YYYY-MM-DD after today and `validFrom`, in 60 days by default',
            ),
          }),
        ),
        pincode: Type.Optional(
          Type.Union(
            [
              filled(maxPincodeLength, `Visible characters, at most ${maxPincodeLength}`),
              Type.Null(),
            ],
            {
              description:
                'The pincode in clear (over TLS): sealed to your organisation at once, never stored. Null: none. Not with `encryptedPincode`',
            },
          ),
        ),
        encryptedPincode: Type.Optional(
          Type.Union(
            [
              Type.String({
                maxLength: 4096,
                pattern: '^[A-Za-z0-9+/]+={0,2}$',
                description: 'Base64 of a libsodium sealed box',
              }),
              Type.Null(),
            ],
            { description: 'A pincode you sealed to your organisation’s own sealing key' },
          ),
        ),
      },
      { required: ['containerNumber', 'pickupLocation'] },
    ),
  },
  { required: ['billOfLading', 'container'] },
);

/** `createReleases` takes one release or an array. */
export const releaseCreateManyBody = Type.Array(releaseCreateBody, {
  minItems: 1,
  maxItems: maxReleasesPerCall,
});

/** The custody fields a release edit carries for `type` (transfer, revoke, block, unblock). */
const custodyStatementFields = (actions: readonly CustodyAction[]): Properties => ({
  statement: Type.Optional(statementText(actions.map((action) => statementSchemaOf[action]))),
  signature: Type.Optional(statementSignature),
});

/** Releases spec §3 "Edit form fields": the pick-up location and end date cannot be emptied. */
export const releasePatchBody = narrowed(releasePatchSchema, 'ReleasePatch', {
  pickupLocation: Type.Optional(filled(64, 'A terminal code the portal knows; cannot be emptied')),
  validUntil: Type.Optional(filled(32, 'YYYY-MM-DD after today; cannot be emptied')),
  ...custodyStatementFields(['transfer', 'revoke', 'block', 'unblock']),
});

const transferTarget = oneOfMembers('target_organization_address', 'target_organization_id');
const releaseList = oneOfMembers('release_addresses', 'releaseAddresses');

/** The second call's signed members, for these actions' statements. */
const signed = (actions: readonly CustodyAction[]): Properties => ({
  statement: statementText(actions.map((action) => statementSchemaOf[action])),
  signature: statementSignature,
});

/** The bodies of each custody operation: its dry run and its signed call (DESIGN §3). */
export interface CustodyBodies {
  dryRun: TObject;
  apply: TObject;
}

const blockOrRevoke = ['revoke', 'block', 'unblock'] as const;

/**
 * Per custody action, the two bodies: a transfer names its target (by address or by the dry
 * run's `target.id`), an assign its assignee and the dry run's salt; the pincode, assignment
 * and PCS calls take the releases as `release_addresses` or `releaseAddresses`, one of them.
 */
export const custodyBodies = {
  transfer: {
    dryRun: narrowed(custodyDryRunSchema, 'TransferDryRun', {}, { anyOf: transferTarget }),
    apply: narrowed(custodyApplySchema, 'TransferApply', signed(['transfer']), {
      anyOf: transferTarget,
    }),
  },
  revokeBlockUnblock: {
    dryRun: narrowed(custodyDryRunSchema, 'CustodyDryRun', {}),
    apply: narrowed(custodyApplySchema, 'CustodyApply', signed(blockOrRevoke)),
  },
  pincode: {
    dryRun: narrowed(pincodeLogDryRunSchema, 'PincodeDryRun', {}, { anyOf: releaseList }),
    apply: narrowed(pincodeLogApplySchema, 'PincodeApply', signed(['pincode']), {
      anyOf: releaseList,
    }),
  },
  assign: {
    dryRun: narrowed(
      assignmentDryRunSchema,
      'AssignDryRun',
      {},
      { required: ['type', 'identification', 'identificationType'], anyOf: releaseList },
    ),
    apply: narrowed(assignmentApplySchema, 'AssignApply', signed(['assign']), {
      required: ['type', 'identification', 'identificationType', 'identificationSalt'],
      anyOf: releaseList,
    }),
  },
  unassign: {
    dryRun: narrowed(assignmentDryRunSchema, 'UnassignDryRun', {}, { anyOf: releaseList }),
    apply: narrowed(assignmentApplySchema, 'UnassignApply', signed(['unassign']), {
      anyOf: releaseList,
    }),
  },
  pcs: {
    dryRun: narrowed(pcsDryRunSchema, 'PcsDryRun', {}, { anyOf: releaseList }),
    apply: narrowed(pcsApplySchema, 'PcsApply', signed(['transferToPcs', 'revokeFromPcs']), {
      anyOf: releaseList,
    }),
  },
} satisfies Record<string, CustodyBodies>;

/** Releases spec §3, §5 "Request for release": a carrier and a BL; the containers may follow. */
export const requestForReleaseCreateBody = narrowed(
  requestForReleaseCreateSchema,
  'RequestForReleaseCreate',
  {
    carrierAddress: filled(64, 'One of `findRequestCarriers`’ addresses'),
    blNumber: filled(64, 'The BL number, with a prefix the carrier takes'),
  },
);

/** Releases spec §9: 10, 25 or 50 rows a page; a larger `$limit` is answered with 50. */
const overviewLimit = (view: 'bl' | 'container') =>
  Type.Optional(
    Type.Integer({
      minimum: 1,
      maximum: Math.max(...rowsPerPageOptions),
      description: `Rows a page: ${rowsPerPageOptions.join(', ')} (releases spec §9), ${defaultRowLimit[view]} by default`,
    }),
  );

export const containersQuery = narrowed(containersQuerySchema, 'ContainersQuery', {
  $limit: overviewLimit('container'),
});
export const billsOfLadingQuery = narrowed(billsOfLadingQuerySchema, 'BillsOfLadingQuery', {
  $limit: overviewLimit('bl'),
});

/** The documented bodies the document lists by name. */
export const requestSchemas: Record<string, TSchema> = {
  ReleaseCreate: releaseCreateBody,
  ReleasePatch: releasePatchBody,
  RequestForReleaseCreate: requestForReleaseCreateBody,
  ...Object.fromEntries(
    Object.values(custodyBodies).flatMap(({ dryRun, apply }) => [
      [dryRun.title!, dryRun],
      [apply.title!, apply],
    ]),
  ),
};
