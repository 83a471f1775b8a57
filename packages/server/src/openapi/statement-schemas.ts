import { StringEnum, Type, type TSchema } from '@feathersjs/typebox';
import {
  identificationTypes,
  maxCustodyReleases,
  statementMaxSkewMs,
  transporterTypes,
  visitNumberMaxLength,
  type CustodyAction,
} from '@scr/domain';

/**
 * The statement an organisation signs for each custody action (DESIGN §3 "Who signs"; domain
 * `custodyStatement`, `statementProblem`), described for a system that signs without reading
 * the portal's source: one schema per action, the canonical JSON rule the signed text follows
 * (domain `canonicalJson`), how each release's `pincodeHash` is formed and what the signature
 * is. The custody bodies' `statement` names these as its `contentSchema` (`request-schemas.ts`).
 */

/** How the statement object becomes the one text that is signed (domain `canonicalJson`). */
export const canonicalJsonRule =
  'The statement is sent and signed as canonical JSON: UTF-8, no whitespace outside strings, every object’s keys sorted by their UTF-16 code units (JavaScript’s default string order; for these ASCII keys, plain byte order), members without a value left out rather than sent as null (send `null` only where the schema allows it), strings and numbers written as `JSON.stringify` writes them (`\\"`, `\\\\`, `\\n`, `\\u` escapes for control characters; integers without a fraction or exponent). Arrays keep their order; `releases` is sorted by `address` as the text compares it. The portal refuses a text that is not exactly the canonical JSON of what it parses to (`statement_invalid`).';

/** How each release's `pincodeHash` is formed (domain `pincodeHash`). */
export const pincodeHashRule =
  'keccak-256 of the UTF-8 bytes of an `encryptedPincode` string exactly as it is written (the base64 text of the sealed box, not the bytes it decodes to), as `0x` and 64 lowercase hex digits; `null` where there is no pincode. For a transfer it is the hash of the copy resealed to the target that the second call sends in `release_addresses[].encryptedPincode` (null when that is null); for every other action it is the dry run’s `eligible_releases[].pincodeHash` as answered (the hash of your own stored copy).';

/** What is signed and how the portal checks it. */
export const signatureRule = `The organisation key (the address the portal knows your organisation by) signs the statement text with EIP-191 \`personal_sign\` ("\\x19Ethereum Signed Message:\\n" + the text’s byte length + the text, hashed with keccak-256): \`signature\` is the 65-byte signature as \`0x\` and 130 hex digits. The portal checks that the signer and \`by\` are your organisation, that \`at\` is within ${statementMaxSkewMs / 60_000} minutes of its clock (the dry run answers \`serverTime\`), and that \`releases\` are exactly the second call’s, at those versions and with those pincode hashes; \`statementHash\` in the answer is keccak-256 of the statement text.`;

const hash = (description: string) => Type.String({ pattern: '^0x[0-9a-f]{64}$', description });
const organizationAddress = (description: string) =>
  Type.String({ pattern: '^0x[0-9a-fA-F]{40}$', description });

export const statementReleaseSchema = Type.Object(
  {
    address: organizationAddress('The release’s address, as the dry run answered it'),
    version: Type.Integer({
      minimum: 1,
      description: 'The release’s `version` as the dry run answered it',
    }),
    pincodeHash: Type.Union([hash('See `pincodeHash` below'), Type.Null()], {
      description: pincodeHashRule,
    }),
  },
  {
    additionalProperties: false,
    title: 'StatementRelease',
    description: 'One release the action covers, at the version seen in the dry run',
  },
);

/** The statement's members for every action; `extra` adds the action's own. */
function statementOf(
  action: CustodyAction,
  description: string,
  extra: Record<string, TSchema> = {},
): TSchema {
  return Type.Object(
    {
      v: Type.Literal(1, { description: 'The statement format: 1' }),
      action: Type.Literal(action),
      at: Type.String({
        format: 'date-time',
        description: `When you signed, ISO 8601 in UTC (\`new Date().toISOString()\`); within ${statementMaxSkewMs / 60_000} minutes of the portal’s clock`,
      }),
      by: organizationAddress('Your organisation’s address: the key that signs'),
      releases: Type.Array(statementReleaseSchema, {
        maxItems: maxCustodyReleases,
        description:
          'Every release of the second call, once each, sorted by `address` (as the text compares), each with only `address`, `pincodeHash` and `version`',
      }),
      ...extra,
    },
    {
      additionalProperties: false,
      description: `${description}\n\n${canonicalJsonRule}\n\n${signatureRule}`,
    },
  );
}

const noPincodeChange =
  'Each release’s `pincodeHash` is the dry run’s, as answered: the statement proves the portal showed you the pincode it holds.';

const assigneeSchema = Type.Object(
  {
    identificationCommitment: hash(
      'keccak-256 of the UTF-8 text "scr-identification\\n{salt}\\n{identificationType}\\n{identification}" (four lines joined by a line feed, no final one), with the dry run’s `assignee.salt`: the identification itself is never in the statement',
    ),
    identificationType: StringEnum([...identificationTypes]),
    type: StringEnum([...transporterTypes]),
  },
  {
    additionalProperties: false,
    description:
      'Who the releases are bound to, exactly these three members: the call’s `identificationType` and `type`, and the identification by its commitment',
  },
);

/** One statement schema per custody action, named `{Action}Statement` in the document. */
export const statementSchemas = {
  TransferStatement: statementOf(
    'transfer',
    'The statement of `transferReleases`: the releases go to `to`. Each release’s `pincodeHash` is the hash of the copy resealed to the target, as the second call sends it.',
    {
      to: organizationAddress('The target organisation’s address (the dry run’s `target.address`)'),
    },
  ),
  RevokeStatement: statementOf('revoke', `The statement of \`revokeReleases\`. ${noPincodeChange}`),
  BlockStatement: statementOf('block', `The statement of \`blockReleases\`. ${noPincodeChange}`),
  UnblockStatement: statementOf(
    'unblock',
    `The statement of \`unblockReleases\`. ${noPincodeChange}`,
  ),
  PincodeStatement: statementOf(
    'pincode',
    `The statement of \`fetchPincodes\`: you fetch the pincodes of these releases. ${noPincodeChange}`,
  ),
  AssignStatement: statementOf(
    'assign',
    `The statement of \`assignReleases\`. ${noPincodeChange}`,
    {
      assignee: assigneeSchema,
      visitNumber: Type.Optional(
        Type.String({
          minLength: 1,
          maxLength: visitNumberMaxLength,
          description: 'The call’s `visitNumber`, only when it sends one',
        }),
      ),
    },
  ),
  UnassignStatement: statementOf(
    'unassign',
    `The statement of \`unassignReleases\`. ${noPincodeChange}`,
  ),
  TransferToPcsStatement: statementOf(
    'transferToPcs',
    `The statement of \`transferToPcs\`: no target, the PCS is the release’s \`ediPcs\`. ${noPincodeChange}`,
  ),
  RevokeFromPcsStatement: statementOf(
    'revokeFromPcs',
    `The statement of \`revokeFromPcs\`. ${noPincodeChange}`,
  ),
} satisfies Record<string, TSchema>;

/** The statement schema of each action. */
export const statementSchemaOf: Record<CustodyAction, TSchema> = {
  transfer: statementSchemas.TransferStatement,
  revoke: statementSchemas.RevokeStatement,
  block: statementSchemas.BlockStatement,
  unblock: statementSchemas.UnblockStatement,
  pincode: statementSchemas.PincodeStatement,
  assign: statementSchemas.AssignStatement,
  unassign: statementSchemas.UnassignStatement,
  transferToPcs: statementSchemas.TransferToPcsStatement,
  revokeFromPcs: statementSchemas.RevokeFromPcsStatement,
};

/**
 * The `statement` member of a signed call: a string holding the canonical JSON of one of
 * `schemas` (`contentMediaType` and `contentSchema`, JSON Schema 2020-12's content vocabulary).
 */
export function statementText(schemas: readonly TSchema[]): TSchema {
  const names = schemas.map(
    (schema) => `\`${Object.entries(statementSchemas).find(([, named]) => named === schema)![0]}\``,
  );
  return Type.String({
    maxLength: 2_000_000,
    contentMediaType: 'application/json',
    contentSchema: schemas.length === 1 ? schemas[0] : Type.Union([...schemas]),
    description: `The signed statement’s text: the canonical JSON of a ${names.join(' or ')} (see that schema for each member and the canonical JSON rule).`,
  });
}

/** The `signature` member of a signed call. */
export const statementSignature = Type.String({
  pattern: '^0x[0-9a-fA-F]{130}$',
  maxLength: 200,
  description: signatureRule,
});
