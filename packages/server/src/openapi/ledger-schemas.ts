import { Type, type Static } from '@feathersjs/typebox';
import {
  checkpointKind,
  checkpointVersion,
  type CheckpointWebhookEventBody,
  type ConsistencyProofAnswer,
  type InclusionProofAnswer,
  type SignedCheckpoint,
} from '@scr/domain';
import { described, describes } from './answer-schemas.ts';

/**
 * The ledger's checkpoints and proofs (RFC 9162; docs/ledger.md) for the OpenAPI document, held
 * to the domain's types (`ledger/checkpoint-api.ts`) by `describes`.
 */

const hash = Type.String({ pattern: '^0x[0-9a-fA-F]{64}$', description: '0x + 64 hex digits' });
const size = Type.Integer({ minimum: 0 });

export const signedCheckpointSchema = Type.Object(
  {
    treeSize: described(size, 'How many events of the ledger’s log the tree holds'),
    rootHash: described(hash, 'RFC 9162 MTH of those events (leaf = SHA-256(0x00 ‖ event hash))'),
    time: Type.String({ format: 'date-time', description: 'When the server signed it' }),
    server: Type.String({ description: 'The server’s address (app-info `serverAddress`)' }),
    signature: Type.String({ description: 'EIP-191 signature of `text` by the server’s key' }),
    text: Type.String({
      description: `What is signed: canonical JSON of {kind: "${checkpointKind}", v: ${checkpointVersion}, treeSize, rootHash, time, server}`,
    }),
  },
  { title: 'SignedCheckpoint' },
);
describes<Static<typeof signedCheckpointSchema>, SignedCheckpoint>();

export const inclusionProofAnswerSchema = Type.Object(
  {
    eventHash: hash,
    leafHash: described(hash, 'SHA-256(0x00 ‖ the 32 bytes of the event hash)'),
    leafIndex: described(size, 'The event’s position in the log'),
    treeSize: size,
    proof: described(Type.Array(hash), 'RFC 9162 §2.1.3 audit path, from the leaf up'),
    checkpoint: signedCheckpointSchema,
  },
  { title: 'InclusionProof' },
);
describes<Static<typeof inclusionProofAnswerSchema>, InclusionProofAnswer>();

export const consistencyProofAnswerSchema = Type.Object(
  {
    from: size,
    to: size,
    proof: described(Type.Array(hash), 'RFC 9162 §2.1.4 consistency proof'),
    checkpoint: signedCheckpointSchema,
  },
  { title: 'ConsistencyProof' },
);
describes<Static<typeof consistencyProofAnswerSchema>, ConsistencyProofAnswer>();

/** What the portal POSTs to an endpoint that takes `checkpoint`. */
export const checkpointWebhookBodySchema = Type.Object(
  {
    id: Type.String({ description: 'The checkpoint’s root hash: the same on every redelivery' }),
    type: Type.Literal('checkpoint'),
    occurredAt: Type.String({ format: 'date-time' }),
    checkpoint: signedCheckpointSchema,
  },
  { title: 'CheckpointWebhookEvent' },
);
describes<Static<typeof checkpointWebhookBodySchema>, CheckpointWebhookEventBody>();
