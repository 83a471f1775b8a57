export type HashJob =
  | { op: 'keccak'; texts: readonly (string | null)[] }
  | { op: 'digest'; message: string }
  | { op: 'recover'; message: string; signature: string };

/** What each job answers: hashes (keccak), a digest, a signer's address. */
export type HashResult<J extends HashJob> = J extends { op: 'keccak' } ? (string | null)[] : string;

export function runHashJob<J extends HashJob>(job: J): HashResult<J>;
