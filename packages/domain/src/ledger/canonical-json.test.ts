import { describe, expect, it } from 'vitest';
import { canonicalJson } from './canonical-json.ts';

/** Canonical JSON as it was first written: sorted entries, mapped and joined. */
function reference(value: unknown): string {
  if (value === null || typeof value === 'boolean' || typeof value === 'string') {
    return JSON.stringify(value);
  }
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) throw new TypeError('canonical JSON has no NaN or Infinity');
    return JSON.stringify(value);
  }
  if (Array.isArray(value)) return `[${value.map(reference).join(',')}]`;
  if (typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, member]) => member !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([key, member]) => `${JSON.stringify(key)}:${reference(member)}`).join(',')}}`;
  }
  throw new TypeError(`canonical JSON cannot hold a ${typeof value}`);
}

/** A random JSON-like value: keys of any case, accents, digits, quotes and astral letters. */
function randomValue(random: () => number, depth = 0): unknown {
  const pick = Math.floor(random() * (depth > 3 ? 6 : 9));
  const text = () =>
    Array.from(
      { length: Math.floor(random() * 6) },
      () =>
        ['a', 'B', 'z', '1', '10', 'é', '"', '\\', '\n', '😀', 'Zoë', '_'][
          Math.floor(random() * 12)
        ],
    ).join('');
  switch (pick) {
    case 0:
      return null;
    case 1:
      return random() < 0.5;
    case 2:
      return Math.floor(random() * 1e6) - 5e5;
    case 3:
      return random() * 1e3;
    case 4:
    case 5:
      return text();
    case 6:
      return undefined;
    case 7:
      return Array.from(
        { length: Math.floor(random() * 4) },
        () => randomValue(random, depth + 1) ?? null,
      );
    default:
      return Object.fromEntries(
        Array.from({ length: Math.floor(random() * 6) }, () => [
          text(),
          randomValue(random, depth + 1),
        ]),
      );
  }
}

describe('canonical JSON of statements and events (docs/ledger.md), written in loops', () => {
  it('gives the very text of sorted, mapped and joined entries, for thousands of values', () => {
    let seed = 42;
    const random = () => {
      seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
      return seed / 2 ** 31;
    };
    for (let i = 0; i < 3000; i++) {
      const value = { v: 1, [`k${i}`]: randomValue(random), nested: randomValue(random) };
      expect(canonicalJson(value)).toBe(reference(value));
    }
  });

  it('refuses what the reference refuses, with its words', () => {
    for (const value of [
      { n: Number.POSITIVE_INFINITY },
      [undefined],
      { f: () => 1 },
      { b: BigInt(1) },
    ]) {
      expect(() => reference(value)).toThrow(TypeError);
      const message = (() => {
        try {
          reference(value);
        } catch (error) {
          return (error as Error).message;
        }
      })();
      expect(() => canonicalJson(value)).toThrow(message);
    }
  });

  it('writes a Date as the reference does (it has no members) and a hole as empty', () => {
    const holed = [1, , 3]; // eslint-disable-line no-sparse-arrays
    expect(canonicalJson({ at: new Date(0) })).toBe(reference({ at: new Date(0) }));
    expect(canonicalJson(holed)).toBe(reference(holed));
  });
});
