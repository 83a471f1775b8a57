import { getAddress, sha256, verifyMessage } from 'ethers';
import { canonicalJson } from './canonical-json.ts';

/**
 * The ledger as one Merkle tree, exactly as RFC 9162 §2.1 (Certificate Transparency 2.0) builds
 * its log: a leaf is one ledger event, in the order the server's log appended it, and the tree's
 * root, signed by the server in a checkpoint, commits to every event before it. Whoever keeps a
 * checkpoint can ask for proof that a later one extends it (consistency) or that an event is in
 * it (inclusion), and needs nothing but these functions to check the answer. Pure, so the browser
 * checks proofs as the server makes them. Hashes are `0x` + 64 hexadecimal digits throughout.
 *
 * - leaf hash = SHA-256(0x00 || leaf bytes); a ledger event's leaf bytes are the 32 bytes of its
 *   `hash` (keccak-256 of its canonical JSON, `eventHash`);
 * - node hash = SHA-256(0x01 || left || right);
 * - MTH of no leaves = SHA-256(""); of n > 1 leaves, the node of MTH(D[0:k]) and MTH(D[k:n]),
 *   k the largest power of two smaller than n.
 */

/** A SHA-256 or keccak-256 hash: `0x` + 64 hexadecimal digits. */
export type MerkleHash = string;

const hashPattern = /^0x[0-9a-fA-F]{64}$/;

/** Whether a value is a 32-byte hash written `0x` + 64 hexadecimal digits. */
export function isMerkleHash(value: unknown): value is MerkleHash {
  return typeof value === 'string' && hashPattern.test(value);
}

/** The value of each hexadecimal digit by its character code; -1 for any other character. */
const hexValues = new Int8Array(128).fill(-1);
for (let i = 0; i < 16; i++) {
  hexValues['0123456789abcdef'.charCodeAt(i)] = i;
  hexValues['0123456789ABCDEF'.charCodeAt(i)] = i;
}

/** Writes the 32 bytes of `hash` into `into` at `at`; a TypeError unless it is a 32-byte hash. */
function hashBytes(hash: string, what: string, into: Uint8Array, at: number) {
  if (typeof hash !== 'string' || hash.length !== 66 || hash[0] !== '0' || hash[1] !== 'x') {
    throw new TypeError(`${what} must be 0x and 64 hexadecimal digits`);
  }
  for (let i = 0; i < 32; i++) {
    const high = hexValues[hash.charCodeAt(2 + 2 * i)] ?? -1;
    const low = hexValues[hash.charCodeAt(3 + 2 * i)] ?? -1;
    if (high < 0 || low < 0) throw new TypeError(`${what} must be 0x and 64 hexadecimal digits`);
    into[at + i] = high * 16 + low;
  }
}

/**
 * MTH of the empty tree: SHA-256 of no bytes. Written out rather than hashed when the module
 * loads, so importing the domain hashes nothing (and works where Node's and the page's
 * Uint8Array differ, as in jsdom); the tests check it is SHA-256("").
 */
export const emptyTreeHash: MerkleHash =
  '0xe3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855';

/** RFC 9162 §2.1.1: the hash of a leaf's own bytes, SHA-256(0x00 || bytes). */
export function merkleLeafHashOfBytes(bytes: Uint8Array): MerkleHash {
  const input = new Uint8Array(bytes.length + 1);
  input.set(bytes, 1);
  return sha256(input);
}

/**
 * The leaf hash of one ledger event: SHA-256(0x00 || the 32 bytes of its `hash` column).
 * Throws a TypeError when `eventHash` is no 32-byte hash.
 */
export function ledgerLeafHash(eventHash: string): MerkleHash {
  const input = new Uint8Array(33);
  hashBytes(eventHash, 'an event hash', input, 1);
  return sha256(input);
}

/** RFC 9162 §2.1.1: an interior node, SHA-256(0x01 || left || right). */
export function merkleNodeHash(left: MerkleHash, right: MerkleHash): MerkleHash {
  const input = new Uint8Array(65);
  input[0] = 1;
  hashBytes(left, 'a left hash', input, 1);
  hashBytes(right, 'a right hash', input, 33);
  return sha256(input);
}

/** The largest power of two smaller than `n` (n ≥ 2): where RFC 9162 splits a tree of n leaves. */
export function largestPowerOfTwoBelow(n: number): number {
  if (!Number.isSafeInteger(n) || n < 2) throw new RangeError('a split needs at least two leaves');
  let k = 1;
  while (k * 2 < n) k *= 2;
  return k;
}

const isPowerOfTwo = (n: number) => n >= 1 && largestPowerOfTwoBelow(n * 2) === n;
const odd = (n: number) => n % 2 === 1;
const half = (n: number) => Math.floor(n / 2);
const sameHash = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();

/**
 * MTH of these leaf hashes (RFC 9162 §2.1.1), with n − 1 node hashes. For a whole ledger use
 * `MerkleFrontier`, which never holds more than log2 n hashes.
 */
export function merkleRoot(leafHashes: readonly MerkleHash[]): MerkleHash {
  if (leafHashes.length === 0) return emptyTreeHash;
  const frontier = new MerkleFrontier();
  for (const leaf of leafHashes) frontier.append(leaf);
  return frontier.root();
}

/** Leaves [start, end) of a tree: the subtree a proof's hash stands for. */
export type LeafRange = readonly [start: number, end: number];

/**
 * Answers the hash of leaves [start, end) (MTH of that slice). The server answers it from stored
 * perfect subtrees (`subtreeHashFromPerfect`), a test from the leaves themselves.
 */
export type SubtreeHash = (start: number, end: number) => MerkleHash;

function checkSize(size: number, what: string) {
  if (!Number.isSafeInteger(size) || size < 0) {
    throw new RangeError(`${what} must be a whole number from 0`);
  }
}

/**
 * The leaf ranges whose hashes make the inclusion proof (audit path) of leaf `index` in the tree
 * of `size` leaves, RFC 9162 §2.1.3.1 PATH(m, D[n]), from the leaf's sibling up to the root's
 * other half. Throws a RangeError unless 0 ≤ index < size.
 */
export function inclusionProofRanges(index: number, size: number): LeafRange[] {
  checkSize(size, 'the tree size');
  if (!Number.isSafeInteger(index) || index < 0 || index >= size) {
    throw new RangeError('the leaf index must be below the tree size');
  }
  // PATH(m, D[start:end]) = PATH(m within the half holding it) : MTH(the other half).
  const outerFirst: LeafRange[] = [];
  let start = 0;
  let end = size;
  while (end - start > 1) {
    const k = largestPowerOfTwoBelow(end - start);
    if (index < start + k) {
      outerFirst.push([start + k, end]);
      end = start + k;
    } else {
      outerFirst.push([start, start + k]);
      start += k;
    }
  }
  return outerFirst.reverse();
}

/** RFC 9162 §2.1.3.1: the inclusion proof of leaf `index` in the tree of `size` leaves. */
export function inclusionProof(
  index: number,
  size: number,
  subtreeHash: SubtreeHash,
): MerkleHash[] {
  return inclusionProofRanges(index, size).map(([start, end]) => subtreeHash(start, end));
}

/**
 * The leaf ranges whose hashes make the consistency proof from the tree of `size1` leaves to the
 * tree of `size2` (RFC 9162 §2.1.4.1 PROOF(m, D[n]) = SUBPROOF(m, D[n], true)): none when
 * size1 is 0 or equals size2. Throws a RangeError unless 0 ≤ size1 ≤ size2.
 */
export function consistencyProofRanges(size1: number, size2: number): LeafRange[] {
  checkSize(size1, 'the first tree size');
  checkSize(size2, 'the second tree size');
  if (size1 > size2) throw new RangeError('the first tree size must not pass the second');
  if (size1 === 0 || size1 === size2) return [];
  const outerFirst: LeafRange[] = [];
  let start = 0;
  let end = size2;
  let m = size1;
  // Whether the subtree of the first m leaves is the whole old tree (b of SUBPROOF).
  let whole = true;
  for (;;) {
    const n = end - start;
    if (m === n) {
      // SUBPROOF(m, D[m], true) = {}; SUBPROOF(m, D[m], false) = {MTH(D[m])}.
      if (!whole) outerFirst.push([start, end]);
      break;
    }
    const k = largestPowerOfTwoBelow(n);
    if (m <= k) {
      outerFirst.push([start + k, end]);
      end = start + k;
    } else {
      outerFirst.push([start, start + k]);
      start += k;
      m -= k;
      whole = false;
    }
  }
  return outerFirst.reverse();
}

/** RFC 9162 §2.1.4.1: the consistency proof from the tree of `size1` leaves to that of `size2`. */
export function consistencyProof(
  size1: number,
  size2: number,
  subtreeHash: SubtreeHash,
): MerkleHash[] {
  return consistencyProofRanges(size1, size2).map(([start, end]) => subtreeHash(start, end));
}

/**
 * RFC 9162 §2.1.3.2: whether `proof` proves the leaf of hash `leafHash` (a leaf hash:
 * `ledgerLeafHash` of an event's hash) is leaf `index` of the tree of `size` leaves whose root is
 * `root`. Any malformed argument is simply false.
 */
export function verifyInclusion(
  leafHash: MerkleHash,
  index: number,
  size: number,
  proof: readonly MerkleHash[],
  root: MerkleHash,
): boolean {
  if (!Number.isSafeInteger(index) || !Number.isSafeInteger(size)) return false;
  if (index < 0 || index >= size) return false;
  if (!isMerkleHash(leafHash) || !isMerkleHash(root) || !Array.isArray(proof)) return false;
  if (!proof.every(isMerkleHash)) return false;
  let fn = index;
  let sn = size - 1;
  let r = leafHash;
  for (const p of proof) {
    if (sn === 0) return false;
    if (odd(fn) || fn === sn) {
      r = merkleNodeHash(p, r);
      while (!odd(fn) && fn !== 0) {
        fn = half(fn);
        sn = half(sn);
      }
    } else {
      r = merkleNodeHash(r, p);
    }
    fn = half(fn);
    sn = half(sn);
  }
  return sn === 0 && sameHash(r, root);
}

/**
 * RFC 9162 §2.1.4.2: whether `proof` proves the tree of `size2` leaves with root `root2` extends
 * the tree of `size1` leaves with root `root1` (its first size1 leaves are that tree). Equal sizes
 * need equal roots and an empty proof; from size 0, `root1` must be the empty tree's hash and the
 * proof empty (RFC 9162 leaves both cases to the verifier). Any malformed argument is false.
 */
export function verifyConsistency(
  size1: number,
  root1: MerkleHash,
  size2: number,
  root2: MerkleHash,
  proof: readonly MerkleHash[],
): boolean {
  if (!Number.isSafeInteger(size1) || !Number.isSafeInteger(size2)) return false;
  if (size1 < 0 || size2 < size1) return false;
  if (!isMerkleHash(root1) || !isMerkleHash(root2) || !Array.isArray(proof)) return false;
  if (!proof.every(isMerkleHash)) return false;
  if (size1 === size2) return proof.length === 0 && sameHash(root1, root2);
  if (size1 === 0) return proof.length === 0 && sameHash(root1, emptyTreeHash);
  if (proof.length === 0) return false;
  const path = isPowerOfTwo(size1) ? [root1, ...proof] : [...proof];
  let fn = size1 - 1;
  let sn = size2 - 1;
  while (odd(fn)) {
    fn = half(fn);
    sn = half(sn);
  }
  let fr = path[0]!;
  let sr = path[0]!;
  for (const c of path.slice(1)) {
    if (sn === 0) return false;
    if (odd(fn) || fn === sn) {
      fr = merkleNodeHash(c, fr);
      sr = merkleNodeHash(c, sr);
      while (!odd(fn) && fn !== 0) {
        fn = half(fn);
        sn = half(sn);
      }
    } else {
      sr = merkleNodeHash(sr, c);
    }
    fn = half(fn);
    sn = half(sn);
  }
  return sameHash(fr, root1) && sameHash(sr, root2) && sn === 0;
}

/**
 * The hash of any leaves [start, end) from the hashes of perfect subtrees: `perfect(level, i)` is
 * the hash of the 2^level leaves from i·2^level (level 0: leaf i's hash). Splits as MTH does, so a
 * range of a proof costs one perfect subtree, or one per set bit of its length at the right edge.
 */
export function subtreeHashFromPerfect(
  start: number,
  end: number,
  perfect: (level: number, index: number) => MerkleHash,
): MerkleHash {
  checkSize(start, 'the range start');
  checkSize(end, 'the range end');
  if (end <= start) {
    if (end === start) return emptyTreeHash;
    throw new RangeError('the range ends before it starts');
  }
  const n = end - start;
  if (isPowerOfTwo(n) && start % n === 0) return perfect(Math.log2(n), start / n);
  const k = largestPowerOfTwoBelow(n);
  return merkleNodeHash(
    subtreeHashFromPerfect(start, start + k, perfect),
    subtreeHashFromPerfect(start + k, end, perfect),
  );
}

/** What a frontier is made of, to keep and to resume from (`new MerkleFrontier(state)`). */
export interface MerkleFrontierState {
  size: number;
  /** The right edge's perfect subtrees, largest (leftmost) first: one per set bit of `size`. */
  hashes: MerkleHash[];
}

/** A perfect subtree completed by an append: the 2^level leaves from index·2^level. */
export type CompletedSubtree = (level: number, index: number, hash: MerkleHash) => void;

/**
 * The right edge of a growing tree (RFC 9162's trees only ever grow to the right): the perfect
 * subtrees that together hold every leaf so far, at most log2 n hashes. Appends leaves one by one
 * and answers the root at any size without holding the leaves.
 */
export class MerkleFrontier {
  #size: number;
  #hashes: MerkleHash[];

  constructor(state: MerkleFrontierState = { size: 0, hashes: [] }) {
    checkSize(state.size, 'the frontier size');
    let bits = 0;
    for (let n = state.size; n > 0; n = half(n)) bits += n % 2;
    if (state.hashes.length !== bits || !state.hashes.every(isMerkleHash)) {
      throw new TypeError('a frontier of this size has one hash per set bit of its size');
    }
    this.#size = state.size;
    this.#hashes = state.hashes.map((hash) => hash.toLowerCase());
  }

  /** How many leaves it holds. */
  get size(): number {
    return this.#size;
  }

  /**
   * Appends one leaf hash (`ledgerLeafHash` of an event's hash). `completed` hears each perfect
   * subtree of two leaves or more that this leaf completes, smallest first, as a store of
   * interior nodes keeps them.
   */
  append(leafHash: MerkleHash, completed?: CompletedSubtree): void {
    if (!isMerkleHash(leafHash)) throw new TypeError('a leaf hash must be 0x and 64 hex digits');
    let hash = leafHash.toLowerCase();
    let index = this.#size;
    let level = 0;
    // Each set low bit of the size is a subtree of this level waiting for a right sibling.
    for (let n = this.#size; odd(n); n = half(n)) {
      hash = merkleNodeHash(this.#hashes.pop()!, hash);
      index = half(index);
      level += 1;
      completed?.(level, index, hash);
    }
    this.#hashes.push(hash);
    this.#size += 1;
  }

  /** MTH of the leaves appended so far. */
  root(): MerkleHash {
    if (this.#hashes.length === 0) return emptyTreeHash;
    let root = this.#hashes.at(-1)!;
    for (let i = this.#hashes.length - 2; i >= 0; i--)
      root = merkleNodeHash(this.#hashes[i]!, root);
    return root;
  }

  /** What to keep to resume later. */
  state(): MerkleFrontierState {
    return { size: this.#size, hashes: [...this.#hashes] };
  }
}

/** The `kind` of a checkpoint's signed text. */
export const checkpointKind = 'scr-ledger-checkpoint';
/** The version of a checkpoint's signed text. */
export const checkpointVersion = 1;

/**
 * A signed checkpoint's content: the tree of the ledger's first `treeSize` events has root
 * `rootHash`, as the server `server` (its address) said at `time` (ISO 8601, UTC).
 */
export interface CheckpointContent {
  treeSize: number;
  rootHash: MerkleHash;
  time: string;
  server: string;
}

/**
 * The exact text a checkpoint's signature covers (EIP-191 `personal_sign` by the server's key):
 * canonical JSON of `{kind: "scr-ledger-checkpoint", v: 1, treeSize, rootHash, time, server}`,
 * the root in lower case and the server's address in its EIP-55 form, so the same checkpoint is
 * always the same bytes. Throws a TypeError on a malformed field.
 */
export function checkpointText(checkpoint: CheckpointContent): string {
  checkSize(checkpoint.treeSize, 'the tree size');
  if (!isMerkleHash(checkpoint.rootHash)) {
    throw new TypeError('the root hash must be 0x and 64 hexadecimal digits');
  }
  const time = new Date(checkpoint.time);
  if (typeof checkpoint.time !== 'string' || Number.isNaN(time.getTime())) {
    throw new TypeError('the time must be an ISO 8601 date and time');
  }
  if (time.toISOString() !== checkpoint.time) {
    throw new TypeError('the time must be written as toISOString writes it');
  }
  return canonicalJson({
    kind: checkpointKind,
    v: checkpointVersion,
    treeSize: checkpoint.treeSize,
    rootHash: checkpoint.rootHash.toLowerCase(),
    time: checkpoint.time,
    server: getAddress(checkpoint.server),
  });
}

/**
 * Reads a checkpoint's signed text back; null unless it is exactly what `checkpointText` writes
 * (canonical, this kind and version), so a text that reads alike but is not those bytes fails.
 */
export function parseCheckpointText(text: string): CheckpointContent | null {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return null;
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return null;
  const { kind, v, treeSize, rootHash, time, server, ...rest } = value as Record<string, unknown>;
  if (kind !== checkpointKind || v !== checkpointVersion || Object.keys(rest).length > 0) {
    return null;
  }
  const content = { treeSize, rootHash, time, server } as CheckpointContent;
  try {
    return checkpointText(content) === text ? content : null;
  } catch {
    return null;
  }
}

/**
 * Who signed a checkpoint: the address `signature` (EIP-191, as `ServerKey.sign` makes it)
 * recovers to over `checkpointText(checkpoint)`. Compare it with the server's published address
 * (`serverAddress` of app-info, the checkpoint's `server`). Throws on a malformed signature.
 */
export function checkpointSigner(checkpoint: CheckpointContent, signature: string): string {
  return verifyMessage(checkpointText(checkpoint), signature);
}
