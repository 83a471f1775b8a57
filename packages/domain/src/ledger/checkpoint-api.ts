import { getAddress } from 'ethers';
import {
  checkpointSigner,
  checkpointText,
  isMerkleHash,
  type CheckpointContent,
  type MerkleHash,
} from './merkle.ts';

/**
 * A signed checkpoint as the portal answers it (`GET /api/ledger/checkpoints/latest`) and as a
 * keeper stores it (`npm run ledger -- keep`, one JSON line each): the content, the server's
 * EIP-191 signature of `text`, and `text` itself (`checkpointText` of the content).
 */
export interface SignedCheckpoint extends CheckpointContent {
  signature: string;
  text: string;
}

/** `GET /api/ledger/proofs/inclusion?event=…&treeSize=…`: where an event is in a signed tree. */
export interface InclusionProofAnswer {
  /** The event's `hash` (its audit-trail entry's `hash`). */
  eventHash: MerkleHash;
  /** `ledgerLeafHash(eventHash)`: what the proof starts from. */
  leafHash: MerkleHash;
  leafIndex: number;
  treeSize: number;
  /** RFC 9162 §2.1.3.1 audit path, from the leaf's sibling up. */
  proof: MerkleHash[];
  /** The signed checkpoint of `treeSize`, whose `rootHash` the proof leads to. */
  checkpoint: SignedCheckpoint;
}

/** `GET /api/ledger/proofs/consistency?from=…&to=…`: the tree of `to` extends that of `from`. */
export interface ConsistencyProofAnswer {
  from: number;
  to: number;
  /** RFC 9162 §2.1.4.1 consistency proof (empty from 0 or between equal sizes). */
  proof: MerkleHash[];
  /** The signed checkpoint of `to`. */
  checkpoint: SignedCheckpoint;
}

/**
 * What is wrong with a checkpoint someone holds (a clause: "the kept checkpoint " + it), or null
 * when it is whole and signed by `serverAddress`: its fields well formed, `text` exactly `checkpointText` of them, the signature
 * the server's. Reads a value of unknown shape (a line of a keep file, an answer).
 */
export function signedCheckpointProblem(value: unknown, serverAddress: string): string | null {
  if (typeof value !== 'object' || value === null) return 'is not a checkpoint object';
  const checkpoint = value as Partial<SignedCheckpoint>;
  if (!Number.isSafeInteger(checkpoint.treeSize) || (checkpoint.treeSize ?? -1) < 0) {
    return 'has no whole treeSize';
  }
  if (!isMerkleHash(checkpoint.rootHash)) return 'has no 32-byte rootHash';
  if (typeof checkpoint.signature !== 'string' || typeof checkpoint.text !== 'string') {
    return 'has no signature or text';
  }
  let text: string;
  try {
    text = checkpointText(checkpoint as CheckpointContent);
  } catch (error) {
    return `is malformed: ${(error as Error).message}`;
  }
  if (text !== checkpoint.text) return 'has a text that is not the canonical text of its fields';
  let signer: string;
  try {
    signer = checkpointSigner(checkpoint as CheckpointContent, checkpoint.signature);
  } catch {
    return 'has a malformed signature';
  }
  const server = getAddress(serverAddress);
  if (signer !== server) return `is signed by ${signer}, not by the server ${server}`;
  if (getAddress(checkpoint.server!) !== server)
    return `names another server, ${checkpoint.server}`;
  return null;
}
