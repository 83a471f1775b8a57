import {
  emptyTreeHash,
  merkleNodeHash,
  subtreeHashFromPerfect,
  type LeafRange,
  type MerkleHash,
} from '@scr/domain';
import type { Knex } from 'knex';
import { storedLevelStep } from './ledger-log.ts';

/** A stored hash the log should have and has not: the stored tree is damaged. */
export class StoredTreeError extends Error {
  override name = 'StoredTreeError';
}

type Db = Knex | Knex.Transaction;
const key = (level: number, index: number) => `${level}:${index}`;

/**
 * The hashes of these leaf ranges of the log's tree (the ranges of an inclusion or consistency
 * proof, or [0, n) for a root), from stored hashes only: a perfect subtree of level h is folded
 * from the 2^(h mod 4) stored ones at level h − (h mod 4) (leaves at level 0, `ledger_nodes`
 * above), at most 8; a range at the tree's right edge from one perfect subtree per set bit of
 * its length. Two queries whatever the ranges. Throws StoredTreeError when a hash is missing.
 */
export async function storedSubtreeHashes(
  db: Db,
  ranges: readonly LeafRange[],
): Promise<MerkleHash[]> {
  // First pass: which stored hashes the ranges need (the same walk, with stand-in hashes).
  const wanted = new Map<number, Set<number>>();
  const stored = (level: number, index: number, visit: (level: number, i: number) => void) => {
    const base = level - (level % storedLevelStep);
    const span = 2 ** (level - base);
    for (let i = index * span; i < (index + 1) * span; i++) visit(base, i);
  };
  for (const [start, end] of ranges) {
    subtreeHashFromPerfect(start, end, (level, index) => {
      stored(level, index, (base, i) => {
        let set = wanted.get(base);
        if (!set) wanted.set(base, (set = new Set()));
        set.add(i);
      });
      return emptyTreeHash;
    });
  }
  const found = new Map<string, MerkleHash>();
  const leaves = wanted.get(0);
  if (leaves) {
    const rows: { index: string; leaf_hash: string }[] = await db('ledger_log')
      .whereRaw('index = any(?::bigint[])', [[...leaves]])
      .select('index', 'leaf_hash');
    for (const row of rows) found.set(key(0, Number(row.index)), row.leaf_hash);
  }
  const levels = [...wanted.keys()].filter((level) => level > 0);
  if (levels.length > 0) {
    const rows: { level: number; index: string; hash: string }[] = await db('ledger_nodes')
      .where((q) => {
        for (const level of levels) {
          q.orWhere((one) =>
            one
              .where('level', level)
              .whereRaw('index = any(?::bigint[])', [[...wanted.get(level)!]]),
          );
        }
      })
      .select('level', 'index', 'hash');
    for (const row of rows) found.set(key(row.level, Number(row.index)), row.hash);
  }
  // Second pass: the hashes themselves.
  const perfect = (level: number, index: number): MerkleHash => {
    let layer: MerkleHash[] = [];
    stored(level, index, (base, i) => {
      const hash = found.get(key(base, i));
      if (!hash) throw new StoredTreeError(`the log has no stored hash at level ${base}, ${i}`);
      layer.push(hash);
    });
    while (layer.length > 1) {
      const next: MerkleHash[] = [];
      for (let i = 0; i < layer.length; i += 2) next.push(merkleNodeHash(layer[i]!, layer[i + 1]!));
      layer = next;
    }
    return layer[0]!;
  };
  return ranges.map(([start, end]) => subtreeHashFromPerfect(start, end, perfect));
}

/** MTH of the log's first `size` leaves, from stored hashes (`storedSubtreeHashes`). */
export async function storedRoot(db: Db, size: number): Promise<MerkleHash> {
  if (size === 0) return emptyTreeHash;
  const [root] = await storedSubtreeHashes(db, [[0, size]]);
  return root!;
}
