import { Type, type Static } from '@feathersjs/typebox';
import { evidenceBundleKind, evidenceBundleVersion, type EvidenceBundle } from '@scr/domain';
import { described, describes } from './answer-schemas.ts';
import { signedCheckpointSchema } from './ledger-schemas.ts';

/**
 * The evidence bundle (docs/ledger.md, "Evidence bundles") for the OpenAPI document, held to the
 * domain's type (`ledger/evidence-bundle.ts`) by `describes`.
 */

const hash = Type.String({ pattern: '^0x[0-9a-fA-F]{64}$', description: '0x + 64 hex digits' });
const address = Type.String({ description: 'An EIP-55 address (0x…)' });
const nullable = <T extends ReturnType<typeof Type.String>>(schema: T) =>
  Type.Union([schema, Type.Null()]);
const maybeId = Type.Union([Type.Integer(), Type.Null()]);

const eventContentSchema = Type.Object(
  {
    releaseAddress: address,
    sequence: Type.Integer({ minimum: 1 }),
    operation: Type.String(),
    releaseVersion: Type.Integer(),
    statementHash: described(hash, 'keccak-256 of the signed statement’s text'),
    prevHash: Type.Union([hash, Type.Null()], { description: 'The event before, null first' }),
    pincodeCopies: Type.Optional(
      Type.Record(Type.String(), Type.Union([hash, Type.Null()]), {
        description: 'Hashes of the sealed pincode copies per organisation address (never one)',
      }),
    ),
    record: Type.Object({
      actor: Type.String({ description: '`user:<id>`, `api-key:<id>` or `system`' }),
      userId: maybeId,
      sourceOrganizationId: maybeId,
      targetOrganizationId: maybeId,
      description: Type.Unknown({ description: 'What the audit trail shows; never a pincode' }),
      createdAt: Type.String({ format: 'date-time' }),
    }),
  },
  { description: 'Every field the event’s hash binds (keccak-256 of their canonical JSON)' },
);

export const evidenceBundleSchema = Type.Object(
  {
    kind: Type.Literal(evidenceBundleKind),
    v: Type.Literal(evidenceBundleVersion),
    scope: Type.Union([
      Type.Object({ containerNumber: Type.String() }),
      Type.Object({ blNumber: Type.String() }),
    ]),
    exportedAt: Type.String({ format: 'date-time' }),
    exportedBy: Type.Object({
      organizationId: Type.Integer(),
      name: Type.String(),
      address,
    }),
    server: Type.Object({
      address: described(address, 'The server’s address (app-info `serverAddress`)'),
      publicKey: Type.String({ description: 'Uncompressed secp256k1 key (0x04…)' }),
    }),
    checkpoint: signedCheckpointSchema,
    organizations: Type.Array(
      Type.Object({
        id: Type.Integer(),
        name: Type.String(),
        role: Type.String(),
        address,
        publicKey: nullable(
          Type.String({
            description:
              'Uncompressed secp256k1 key (0x04…) recovered from its signature of `publicKeyFrom`; address = keccak-256(key)',
          }),
        ),
        publicKeyFrom: Type.Union([hash, Type.Null()]),
      }),
    ),
    statements: Type.Array(
      Type.Object({
        hash,
        text: Type.String({ description: 'The canonical statement as signed' }),
        signature: Type.String({ description: 'EIP-191 signature of `text`' }),
        signerAddress: address,
      }),
    ),
    releases: Type.Array(
      Type.Object({
        address,
        blNumber: Type.String(),
        containerNumber: Type.String(),
        events: Type.Array(
          Type.Object({
            content: eventContentSchema,
            hash,
            leafIndex: Type.Integer({ minimum: 0 }),
            inclusionProof: described(
              Type.Array(hash),
              'RFC 9162 audit path of the event’s leaf in `checkpoint`, from the leaf up',
            ),
          }),
        ),
      }),
    ),
    signature: Type.String({
      description: 'EIP-191 signature by the server of the canonical JSON of every other field',
    }),
  },
  { title: 'EvidenceBundle' },
);
describes<Static<typeof evidenceBundleSchema>, EvidenceBundle>();
