import { appendFileSync, existsSync, readFileSync } from 'node:fs';
import {
  signedCheckpointProblem,
  verifyConsistency,
  type ConsistencyProofAnswer,
  type SignedCheckpoint,
} from '@scr/domain';
import { getAddress } from 'ethers';

/** The portal gave a checkpoint that does not extend the kept one, or is not the server's. */
export class KeepRefusedError extends Error {
  override name = 'KeepRefusedError';
}

/** The portal could not be asked, or answered something else than the API says. */
export class KeepUnreachableError extends Error {
  override name = 'KeepUnreachableError';
}

export interface KeepOptions {
  /** The portal's address, e.g. `https://portal.example.org`. */
  url: string;
  /** The keep file: one signed checkpoint per line (JSON), oldest first. */
  file: string;
  /**
   * The server's address the checkpoints must be signed by: given, else the kept file's, else
   * (the first time) the portal's own `serverAddress` (app-info), trusted on first use.
   */
  serverAddress?: string;
}

export interface KeepResult {
  /** The checkpoint now last in the file. */
  checkpoint: SignedCheckpoint;
  /** The one before it, when the file had one. */
  previous: SignedCheckpoint | null;
  /** False when the portal's latest was the one kept already. */
  appended: boolean;
}

/** The last checkpoint of a keep file (its last non-empty line), or null when there is none. */
export function lastKeptCheckpoint(file: string): SignedCheckpoint | null {
  if (!existsSync(file)) return null;
  const lines = readFileSync(file, 'utf8')
    .split('\n')
    .filter((line) => line.trim() !== '');
  const last = lines.at(-1);
  if (last === undefined) return null;
  try {
    return JSON.parse(last) as SignedCheckpoint;
  } catch {
    throw new KeepRefusedError(`the last line of ${file} is not a checkpoint (not JSON)`);
  }
}

/**
 * `npm run ledger -- keep` (docs/ledger.md "Keeping checkpoints"): fetches the portal's latest
 * signed checkpoint, checks its signature against the server's address and, when the file keeps
 * one already, that the portal proves the new one extends it (RFC 9162 consistency proof), then
 * appends it to the file. Throws KeepRefusedError, appending nothing, when it does not.
 */
export async function keepCheckpoint(options: KeepOptions): Promise<KeepResult> {
  const base = options.url.replace(/\/+$/, '');
  const previous = lastKeptCheckpoint(options.file);
  const server = getAddress(
    options.serverAddress ??
      previous?.server ??
      (await getJson<{ serverAddress: string }>(`${base}/api/app-info`)).serverAddress,
  );
  if (previous) {
    const problem = signedCheckpointProblem(previous, server);
    if (problem) throw new KeepRefusedError(`the kept checkpoint ${problem}`);
  }
  const latest = await getJson<SignedCheckpoint>(`${base}/api/ledger/checkpoints/latest`);
  const problem = signedCheckpointProblem(latest, server);
  if (problem) throw new KeepRefusedError(`the portal's latest checkpoint ${problem}`);
  if (previous) {
    if (latest.treeSize < previous.treeSize) {
      throw new KeepRefusedError(
        `the portal's latest checkpoint holds ${latest.treeSize} events, fewer than the kept one's ${previous.treeSize}: it does not extend it`,
      );
    }
    if (latest.treeSize === previous.treeSize) {
      if (latest.rootHash.toLowerCase() !== previous.rootHash.toLowerCase()) {
        throw new KeepRefusedError(
          `the portal's checkpoint ${latest.treeSize} has another root than the kept one: the ledger was rewritten`,
        );
      }
      return { checkpoint: previous, previous, appended: false };
    }
    const answer = await getJson<ConsistencyProofAnswer>(
      `${base}/api/ledger/proofs/consistency?from=${previous.treeSize}&to=${latest.treeSize}`,
    );
    const proof = Array.isArray(answer.proof) ? answer.proof : [];
    if (
      !verifyConsistency(
        previous.treeSize,
        previous.rootHash,
        latest.treeSize,
        latest.rootHash,
        proof,
      )
    ) {
      throw new KeepRefusedError(
        `the portal's checkpoint ${latest.treeSize} does not extend the kept checkpoint ${previous.treeSize}: its consistency proof fails, so the ledger the kept one holds was rewritten`,
      );
    }
  }
  const line = JSON.stringify({
    treeSize: latest.treeSize,
    rootHash: latest.rootHash,
    time: latest.time,
    server: latest.server,
    signature: latest.signature,
    text: latest.text,
  });
  appendFileSync(options.file, `${line}\n`);
  return { checkpoint: latest, previous, appended: true };
}

async function getJson<T>(url: string): Promise<T> {
  let answer: Response;
  try {
    answer = await fetch(url, { headers: { accept: 'application/json' } });
  } catch (error) {
    throw new KeepUnreachableError(`${url}: ${(error as Error).message}`);
  }
  const text = await answer.text();
  if (!answer.ok) {
    throw new KeepUnreachableError(`${url} answered ${answer.status}: ${text.slice(0, 300)}`);
  }
  try {
    return JSON.parse(text) as T;
  } catch {
    throw new KeepUnreachableError(`${url} answered no JSON`);
  }
}
