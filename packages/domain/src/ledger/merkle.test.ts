import { sha256, Wallet } from 'ethers';
import { describe, expect, it } from 'vitest';
import {
  checkpointSigner,
  checkpointText,
  consistencyProof,
  consistencyProofRanges,
  emptyTreeHash,
  inclusionProof,
  inclusionProofRanges,
  largestPowerOfTwoBelow,
  ledgerLeafHash,
  MerkleFrontier,
  merkleLeafHashOfBytes,
  merkleNodeHash,
  merkleRoot,
  parseCheckpointText,
  subtreeHashFromPerfect,
  verifyConsistency,
  verifyInclusion,
  type MerkleHash,
} from './merkle.ts';

const hex = (text: string) => `0x${text}`;

/**
 * The eight leaves of the RFC 6962 reference tests (Google's Certificate Transparency
 * `merkle_tree_test`, kept in transparency-dev/merkle's testdata), and their published MTHs for
 * sizes 0 to 8, audit paths and consistency proofs. Nothing here is computed by the code under test.
 */
const ctLeaves = ['', '00', '10', '2021', '3031', '40414243', '5051525354555657'].concat([
  '606162636465666768696a6b6c6d6e6f',
]);
const ctRoots = [
  'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855',
  '6e340b9cffb37a989ca544e6bb780a2c78901d3fb33738768511a30617afa01d',
  'fac54203e7cc696cf0dfcb42c92a1d9dbaf70ad9e621f4bd8d98662f00e3c125',
  'aeb6bcfe274b70a14fb067a5e5578264db0fa9b51af5e0ba159158f329e06e77',
  'd37ee418976dd95753c1c73862b9398fa2a2cf9b4ff0fdfe8b30cd95209614b7',
  '4e3bbb1f7b478dcfe71fb631631519a3bca12c9aefca1612bfce4c13a86264d4',
  '76e67dadbcdf1e10e1b74ddc608abd2f98dfb16fbce75277b5232a127f2087ef',
  'ddb89be403809e325750d3d263cd78929c2942b7942a34b77e122c9594a74c8c',
  '5dc9da79a70659a9ad559cb701ded9a2ab9d823aad2f4960cfe370eff4604328',
].map(hex);
const ctInclusion = [
  { index: 0, size: 1, path: [] },
  {
    index: 0,
    size: 8,
    path: [
      '96a296d224f285c67bee93c30f8a309157f0daa35dc5b87e410b78630a09cfc7',
      '5f083f0a1a33ca076a95279832580db3e0ef4584bdff1f54c8a360f50de3031e',
      '6b47aaf29ee3c2af9af889bc1fb9254dabd31177f16232dd6aab035ca39bf6e4',
    ],
  },
  {
    index: 5,
    size: 8,
    path: [
      'bc1a0643b12e4d2d7c77918f44e0f4f79a838b6cf9ec5b5c283e1f4d88599e6b',
      'ca854ea128ed050b41b35ffc1b87b8eb2bde461e9e3b5596ece6b9d5975a0ae0',
      'd37ee418976dd95753c1c73862b9398fa2a2cf9b4ff0fdfe8b30cd95209614b7',
    ],
  },
  { index: 2, size: 3, path: ['fac54203e7cc696cf0dfcb42c92a1d9dbaf70ad9e621f4bd8d98662f00e3c125'] },
  {
    index: 1,
    size: 5,
    path: [
      '6e340b9cffb37a989ca544e6bb780a2c78901d3fb33738768511a30617afa01d',
      '5f083f0a1a33ca076a95279832580db3e0ef4584bdff1f54c8a360f50de3031e',
      'bc1a0643b12e4d2d7c77918f44e0f4f79a838b6cf9ec5b5c283e1f4d88599e6b',
    ],
  },
].map((vector) => ({ ...vector, path: vector.path.map(hex) }));
const ctConsistency = [
  { size1: 1, size2: 1, path: [] },
  {
    size1: 1,
    size2: 8,
    path: [
      '96a296d224f285c67bee93c30f8a309157f0daa35dc5b87e410b78630a09cfc7',
      '5f083f0a1a33ca076a95279832580db3e0ef4584bdff1f54c8a360f50de3031e',
      '6b47aaf29ee3c2af9af889bc1fb9254dabd31177f16232dd6aab035ca39bf6e4',
    ],
  },
  {
    size1: 6,
    size2: 8,
    path: [
      '0ebc5d3437fbe2db158b9f126a1d118e308181031d0a949f8dededebc558ef6a',
      'ca854ea128ed050b41b35ffc1b87b8eb2bde461e9e3b5596ece6b9d5975a0ae0',
      'd37ee418976dd95753c1c73862b9398fa2a2cf9b4ff0fdfe8b30cd95209614b7',
    ],
  },
  {
    size1: 2,
    size2: 5,
    path: [
      '5f083f0a1a33ca076a95279832580db3e0ef4584bdff1f54c8a360f50de3031e',
      'bc1a0643b12e4d2d7c77918f44e0f4f79a838b6cf9ec5b5c283e1f4d88599e6b',
    ],
  },
].map((vector) => ({ ...vector, path: vector.path.map(hex) }));

const bytesOf = (text: string) =>
  Uint8Array.from(text.match(/../g) ?? [], (pair) => Number.parseInt(pair, 16));
const ctLeafHashes = ctLeaves.map((leaf) => merkleLeafHashOfBytes(bytesOf(leaf)));

/**
 * MTH straight from RFC 9162 §2.1.1's recursive definition, the test's own reference (written
 * from the RFC, not from the code under test), over leaf hashes.
 */
function referenceMth(leafHashes: readonly string[]): string {
  if (leafHashes.length === 0) return sha256(new Uint8Array(0));
  if (leafHashes.length === 1) return leafHashes[0]!;
  let k = 1;
  while (k * 2 < leafHashes.length) k *= 2;
  const left = bytesOf(referenceMth(leafHashes.slice(0, k)).slice(2));
  const right = bytesOf(referenceMth(leafHashes.slice(k)).slice(2));
  return sha256(Uint8Array.from([1, ...left, ...right]));
}

/** Leaves of a test tree: the leaf hashes of n made-up event hashes. */
const eventHashes = (n: number) =>
  Array.from({ length: n }, (_, i) => sha256(new TextEncoder().encode(`event ${i}`)));
const treeOf = (n: number) => eventHashes(n).map(ledgerLeafHash);
/** The test's own `subtreeHash` over these leaves: the reference MTH of each slice, memoised. */
function subtreeOf(leaves: readonly string[]) {
  const known = new Map<string, MerkleHash>();
  return (start: number, end: number): MerkleHash => {
    const key = `${start}:${end}`;
    let hash = known.get(key);
    if (hash === undefined) known.set(key, (hash = referenceMth(leaves.slice(start, end))));
    return hash;
  };
}

/** A hash with one hexadecimal digit changed. */
const flip = (hash: string) => `${hash.slice(0, -1)}${hash.endsWith('0') ? '1' : '0'}`;
const half = (n: number) => Math.floor(n / 2);

describe('RFC 9162 §2.1.1 hashes, against the RFC 6962 reference vectors', () => {
  it('the empty tree is SHA-256 of nothing, one leaf "" is SHA-256(0x00)', () => {
    expect(emptyTreeHash).toBe(ctRoots[0]);
    expect(emptyTreeHash).toBe(sha256(new Uint8Array(0)));
    expect(merkleRoot([])).toBe(ctRoots[0]);
    expect(ctLeafHashes[0]).toBe(ctRoots[1]);
    expect(ctLeafHashes[1]).toBe(
      hex('96a296d224f285c67bee93c30f8a309157f0daa35dc5b87e410b78630a09cfc7'),
    );
  });

  it('an interior node is SHA-256(0x01 || left || right)', () => {
    expect(merkleNodeHash(ctLeafHashes[0]!, ctLeafHashes[1]!)).toBe(ctRoots[2]);
    expect(merkleNodeHash(ctLeafHashes[1]!, ctLeafHashes[0]!)).not.toBe(ctRoots[2]);
  });

  it.each(ctRoots.map((root, size) => [size, root] as const))(
    'MTH of the first %i reference leaves is the published root',
    (size, root) => {
      expect(merkleRoot(ctLeafHashes.slice(0, size))).toBe(root);
      const frontier = new MerkleFrontier();
      for (const leaf of ctLeafHashes.slice(0, size)) frontier.append(leaf);
      expect(frontier.root()).toBe(root);
    },
  );

  it('a ledger leaf is SHA-256(0x00 || the 32 bytes of the event hash)', () => {
    const eventHash = hex('ab'.repeat(32));
    expect(ledgerLeafHash(eventHash)).toBe(sha256(Uint8Array.from([0, ...Array(32).fill(0xab)])));
    expect(ledgerLeafHash(eventHash.toUpperCase().replace('0X', '0x'))).toBe(
      ledgerLeafHash(eventHash),
    );
  });

  it.each([
    '',
    '0x',
    'ab'.repeat(32),
    hex('ab'.repeat(31)),
    hex('ab'.repeat(33)),
    hex('zz'.repeat(32)),
  ])('refuses %j as an event hash', (bad) => {
    expect(() => ledgerLeafHash(bad)).toThrow(TypeError);
    expect(() => merkleNodeHash(bad, emptyTreeHash)).toThrow(TypeError);
  });

  it('splits at the largest power of two smaller than n', () => {
    expect([2, 3, 4, 5, 8, 9, 63, 64, 65, 28937].map(largestPowerOfTwoBelow)).toEqual([
      1, 2, 2, 4, 4, 8, 32, 32, 64, 16384,
    ]);
    expect(() => largestPowerOfTwoBelow(1)).toThrow(RangeError);
  });

  it('agrees with the RFC definition for every size up to 70', () => {
    const leaves = treeOf(70);
    for (let n = 0; n <= 70; n++)
      expect(merkleRoot(leaves.slice(0, n))).toBe(referenceMth(leaves.slice(0, n)));
  });
});

describe('RFC 9162 §2.1.3 inclusion proofs', () => {
  it.each(ctInclusion)(
    'PATH($index, D[$size]) is the published audit path and verifies',
    ({ index, size, path }) => {
      const leaves = ctLeafHashes.slice(0, size);
      expect(inclusionProof(index, size, subtreeOf(leaves))).toEqual(path);
      expect(verifyInclusion(ctLeafHashes[index]!, index, size, path, ctRoots[size]!)).toBe(true);
    },
  );

  it('every proof of every leaf of every tree up to 64 leaves verifies, and no other leaf, index or size does', () => {
    const leaves = treeOf(65);
    let checked = 0;
    for (let size = 1; size <= 64; size++) {
      const tree = leaves.slice(0, size);
      const root = referenceMth(tree);
      const nextRoot = referenceMth(leaves.slice(0, size + 1));
      for (let index = 0; index < size; index++) {
        const proof = inclusionProof(index, size, subtreeOf(tree));
        expect(verifyInclusion(tree[index]!, index, size, proof, root)).toBe(true);
        // The proof binds the leaf, its position and the tree it is in.
        if (size > 1)
          expect(verifyInclusion(tree[(index + 1) % size]!, index, size, proof, root)).toBe(false);
        if (size > 1)
          expect(verifyInclusion(tree[index]!, index ^ 1, size, proof, root)).toBe(false);
        expect(verifyInclusion(tree[index]!, index, size * 2, proof, root)).toBe(false);
        if (size > 1)
          expect(verifyInclusion(tree[index]!, index, half(size), proof, root)).toBe(false);
        // Nor does it prove the leaf in the next tree (the tree size itself is what the signed
        // checkpoint binds: a path may fit neighbouring sizes of the same root).
        expect(verifyInclusion(tree[index]!, index, size + 1, proof, nextRoot)).toBe(false);
        expect(verifyInclusion(tree[index]!, index, size, proof, flip(root))).toBe(false);
        checked += 1;
      }
    }
    expect(checked).toBe((64 * 65) / 2);
  }, 30_000);

  it('refuses a tampered, shortened, lengthened or malformed proof', () => {
    const tree = treeOf(13);
    const root = merkleRoot(tree);
    const proof = inclusionProof(6, 13, subtreeOf(tree));
    expect(proof.length).toBeGreaterThan(2);
    expect(verifyInclusion(tree[6]!, 6, 13, proof, root)).toBe(true);
    for (let i = 0; i < proof.length; i++) {
      const tampered = proof.map((hash, j) => (j === i ? flip(hash) : hash));
      expect(verifyInclusion(tree[6]!, 6, 13, tampered, root)).toBe(false);
    }
    expect(verifyInclusion(tree[6]!, 6, 13, proof.slice(0, -1), root)).toBe(false);
    expect(verifyInclusion(tree[6]!, 6, 13, [...proof, root], root)).toBe(false);
    expect(verifyInclusion(tree[6]!, 6, 13, [root, ...proof], root)).toBe(false);
    expect(verifyInclusion(tree[6]!, 6, 13, [...proof.slice(0, -1), 'nonsense'], root)).toBe(false);
    expect(verifyInclusion(tree[6]!, 6, 13, [...proof].reverse(), root)).toBe(false);
    expect(verifyInclusion(tree[6]!, -1, 13, proof, root)).toBe(false);
    expect(verifyInclusion(tree[6]!, 13, 13, proof, root)).toBe(false);
    expect(verifyInclusion(tree[6]!, 6.5, 13, proof, root)).toBe(false);
    expect(verifyInclusion(tree[6]!, 0, 0, [], emptyTreeHash)).toBe(false);
    expect(verifyInclusion('0x1234', 6, 13, proof, root)).toBe(false);
  });

  it('names the ranges a proof needs and refuses an index outside the tree', () => {
    expect(inclusionProofRanges(5, 8)).toEqual([
      [4, 5],
      [6, 8],
      [0, 4],
    ]);
    expect(inclusionProofRanges(0, 1)).toEqual([]);
    expect(() => inclusionProofRanges(3, 3)).toThrow(RangeError);
    expect(() => inclusionProofRanges(-1, 3)).toThrow(RangeError);
  });
});

describe('RFC 9162 §2.1.4 consistency proofs', () => {
  it.each(ctConsistency)(
    'PROOF($size1, D[$size2]) is the published proof and verifies',
    ({ size1, size2, path }) => {
      const leaves = ctLeafHashes.slice(0, size2);
      expect(consistencyProof(size1, size2, subtreeOf(leaves))).toEqual(path);
      expect(verifyConsistency(size1, ctRoots[size1]!, size2, ctRoots[size2]!, path)).toBe(true);
    },
  );

  it('every proof between any two trees up to 64 leaves verifies, and not with other sizes or roots', () => {
    const leaves = treeOf(65);
    const roots = Array.from({ length: 66 }, (_, n) => referenceMth(leaves.slice(0, n)));
    let checked = 0;
    for (let size2 = 0; size2 <= 64; size2++) {
      const subtree = subtreeOf(leaves.slice(0, size2));
      for (let size1 = 0; size1 <= size2; size1++) {
        const proof = consistencyProof(size1, size2, subtree);
        expect(verifyConsistency(size1, roots[size1]!, size2, roots[size2]!, proof)).toBe(true);
        checked += 1;
        if (size1 === 0 || size1 === size2) {
          expect(proof).toEqual([]);
          continue;
        }
        expect(verifyConsistency(size1, flip(roots[size1]!), size2, roots[size2]!, proof)).toBe(
          false,
        );
        expect(verifyConsistency(size1, roots[size1]!, size2, flip(roots[size2]!), proof)).toBe(
          false,
        );
        expect(verifyConsistency(size1, roots[size1]!, size2, roots[size2]!, [])).toBe(false);
        if (size1 > 1)
          expect(verifyConsistency(size1 - 1, roots[size1]!, size2, roots[size2]!, proof)).toBe(
            false,
          );
        expect(verifyConsistency(size1 + 1, roots[size1]!, size2, roots[size2]!, proof)).toBe(
          false,
        );
        expect(verifyConsistency(size1, roots[size1]!, size2 * 2, roots[size2]!, proof)).toBe(
          false,
        );
        // Nor from the same tree to the next one, or from the tree before it.
        expect(verifyConsistency(size1, roots[size1]!, size2 + 1, roots[size2 + 1]!, proof)).toBe(
          false,
        );
        if (size1 > 1)
          expect(verifyConsistency(size1 - 1, roots[size1 - 1]!, size2, roots[size2]!, proof)).toBe(
            false,
          );
        expect(verifyConsistency(size2, roots[size2]!, size1, roots[size1]!, proof)).toBe(false);
      }
    }
    expect(checked).toBe((65 * 66) / 2);
  }, 30_000);

  it('refuses a proof from a tree the later one does not extend', () => {
    const leaves = treeOf(20);
    const rewritten = [...leaves];
    rewritten[3] = ledgerLeafHash(sha256(new TextEncoder().encode('rewritten')));
    // The operator's new tree of 20 leaves, with a proof from its own rewritten tree of 7.
    const proof = consistencyProof(7, 20, subtreeOf(rewritten));
    expect(
      verifyConsistency(7, merkleRoot(rewritten.slice(0, 7)), 20, merkleRoot(rewritten), proof),
    ).toBe(true);
    expect(
      verifyConsistency(7, merkleRoot(leaves.slice(0, 7)), 20, merkleRoot(rewritten), proof),
    ).toBe(false);
    // Nor can any proof of the honest tree stand for the rewritten one.
    const honest = consistencyProof(7, 20, subtreeOf(leaves));
    expect(
      verifyConsistency(7, merkleRoot(leaves.slice(0, 7)), 20, merkleRoot(rewritten), honest),
    ).toBe(false);
  });

  it('refuses tampered elements, garbage around the proof, and sizes out of order', () => {
    const leaves = treeOf(21);
    const root1 = merkleRoot(leaves.slice(0, 6));
    const root2 = merkleRoot(leaves);
    const proof = consistencyProof(6, 21, subtreeOf(leaves));
    expect(verifyConsistency(6, root1, 21, root2, proof)).toBe(true);
    for (let i = 0; i < proof.length; i++) {
      const tampered = proof.map((hash, j) => (j === i ? flip(hash) : hash));
      expect(verifyConsistency(6, root1, 21, root2, tampered)).toBe(false);
    }
    expect(verifyConsistency(6, root1, 21, root2, [...proof, root1])).toBe(false);
    expect(verifyConsistency(6, root1, 21, root2, [proof[0]!, ...proof])).toBe(false);
    expect(verifyConsistency(6, root1, 21, root2, proof.slice(0, -1))).toBe(false);
    expect(verifyConsistency(6, root1, 21, root2, [...proof.slice(1), 'nonsense'])).toBe(false);
    expect(verifyConsistency(21, root2, 6, root1, proof)).toBe(false);
    expect(verifyConsistency(-1, root1, 21, root2, proof)).toBe(false);
  });

  it('from and to equal sizes needs equal roots and no proof; from nothing, the empty root and no proof', () => {
    const leaves = treeOf(5);
    const root = merkleRoot(leaves);
    expect(verifyConsistency(5, root, 5, root, [])).toBe(true);
    expect(verifyConsistency(5, root, 5, flip(root), [])).toBe(false);
    expect(verifyConsistency(5, root, 5, root, [root])).toBe(false);
    expect(verifyConsistency(0, emptyTreeHash, 5, root, [])).toBe(true);
    expect(verifyConsistency(0, root, 5, root, [])).toBe(false);
    expect(verifyConsistency(0, emptyTreeHash, 5, root, [root])).toBe(false);
  });

  it('names the ranges a proof needs and refuses sizes out of order', () => {
    expect(consistencyProofRanges(6, 8)).toEqual([
      [4, 6],
      [6, 8],
      [0, 4],
    ]);
    expect(consistencyProofRanges(4, 8)).toEqual([[4, 8]]);
    expect(consistencyProofRanges(0, 8)).toEqual([]);
    expect(() => consistencyProofRanges(9, 8)).toThrow(RangeError);
  });
});

describe('MerkleFrontier: the right edge of a growing tree', () => {
  it('answers the root at every size, keeps at most log2 n hashes, and resumes from its state', () => {
    const leaves = treeOf(100);
    const frontier = new MerkleFrontier();
    for (let n = 0; n < 100; n++) {
      frontier.append(leaves[n]!);
      expect(frontier.size).toBe(n + 1);
      expect(frontier.root()).toBe(referenceMth(leaves.slice(0, n + 1)));
      const { hashes } = frontier.state();
      expect(hashes.length).toBeLessThanOrEqual(Math.floor(Math.log2(n + 1)) + 1);
      const resumed = new MerkleFrontier(JSON.parse(JSON.stringify(frontier.state())));
      expect(resumed.root()).toBe(frontier.root());
    }
  });

  it('tells each perfect subtree an append completes, which rebuild any range', () => {
    const leaves = treeOf(45);
    const frontier = new MerkleFrontier();
    const nodes = new Map<string, string>();
    leaves.forEach((leaf, i) => {
      nodes.set(`0:${i}`, leaf);
      frontier.append(leaf, (level, index, hash) => nodes.set(`${level}:${index}`, hash));
    });
    // 45 leaves complete 22 + 11 + 5 + 2 + 1 subtrees of two leaves or more.
    expect(nodes.size).toBe(45 + 22 + 11 + 5 + 2 + 1);
    expect(nodes.get('5:0')).toBe(referenceMth(leaves.slice(0, 32)));
    expect(nodes.get('2:9')).toBe(referenceMth(leaves.slice(36, 40)));
    const perfect = (level: number, index: number) => {
      const hash = nodes.get(`${level}:${index}`);
      if (!hash) throw new Error(`no subtree ${level}:${index}`);
      return hash;
    };
    for (let start = 0; start < 45; start++) {
      for (let end = start + 1; end <= 45; end++) {
        expect(subtreeHashFromPerfect(start, end, perfect)).toBe(
          referenceMth(leaves.slice(start, end)),
        );
      }
    }
  });

  it('refuses a state whose hashes do not fit its size', () => {
    expect(() => new MerkleFrontier({ size: 3, hashes: [emptyTreeHash] })).toThrow(TypeError);
    expect(() => new MerkleFrontier({ size: 1, hashes: ['0x12'] })).toThrow(TypeError);
    expect(() => new MerkleFrontier({ size: -1, hashes: [] })).toThrow(RangeError);
    expect(() => new MerkleFrontier().append('0x12')).toThrow(TypeError);
  });
});

describe('checkpoints: the text the server signs', () => {
  const wallet = Wallet.createRandom();
  const checkpoint = {
    treeSize: 8,
    rootHash: ctRoots[8]!,
    time: '2026-12-01T10:00:00.000Z',
    server: wallet.address.toLowerCase(),
  };

  it('is canonical JSON with its kind and version, the root in lower case, the address in EIP-55', () => {
    expect(
      checkpointText({
        ...checkpoint,
        rootHash: checkpoint.rootHash.toUpperCase().replace('0X', '0x'),
      }),
    ).toBe(
      `{"kind":"scr-ledger-checkpoint","rootHash":"${ctRoots[8]}","server":"${wallet.address}","time":"2026-12-01T10:00:00.000Z","treeSize":8,"v":1}`,
    );
  });

  it('reads back only exactly what it writes', () => {
    const text = checkpointText(checkpoint);
    expect(parseCheckpointText(text)).toEqual({ ...checkpoint, server: wallet.address });
    expect(parseCheckpointText(text.replace('"v":1', '"v":2'))).toBeNull();
    expect(parseCheckpointText(text.replace('{', '{ '))).toBeNull();
    expect(parseCheckpointText(text.replace('"treeSize":8', '"treeSize":8,"x":1'))).toBeNull();
    expect(parseCheckpointText(text.replace('scr-ledger-checkpoint', 'other'))).toBeNull();
    expect(parseCheckpointText('not json')).toBeNull();
  });

  it('is signed by the server: its signer is the key that signed it, and no other checkpoint has it', async () => {
    const signature = await wallet.signMessage(checkpointText(checkpoint));
    expect(checkpointSigner(checkpoint, signature)).toBe(wallet.address);
    expect(checkpointSigner({ ...checkpoint, treeSize: 9 }, signature)).not.toBe(wallet.address);
    expect(checkpointSigner({ ...checkpoint, rootHash: ctRoots[7]! }, signature)).not.toBe(
      wallet.address,
    );
  });

  it.each([
    { treeSize: -1 },
    { treeSize: 1.5 },
    { rootHash: '0x1234' },
    { time: 'yesterday' },
    { time: '2026-12-01T10:00:00Z' },
    { server: '0x1234' },
  ])('refuses a malformed field %j', (change) => {
    expect(() => checkpointText({ ...checkpoint, ...change })).toThrow();
  });
});
