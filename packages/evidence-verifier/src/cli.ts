import { readFile } from 'node:fs/promises';
import { custodyStory } from './story.ts';
import { verdictLine, verifyEvidence } from './verify.ts';

/** Where the command writes: the terminal, or a test's buffers. */
export interface Output {
  out: (text: string) => void;
  err: (text: string) => void;
}

const terminal: Output = {
  out: (text) => void process.stdout.write(text),
  err: (text) => void process.stderr.write(text),
};

export const usage = `Usage: scr-verify-evidence <bundle.json> [--server 0x<the portal's serverAddress>]

Checks an evidence bundle of the Secure Container Release portal offline (no server, database or
network): every event's hash and link, every statement's signature and signer, every event's
inclusion proof into the server's signed checkpoint, and the server's signature of the bundle;
then prints the custody story. Exit 0 and VERIFIED when all holds, 1 and NOT VERIFIED: <where>:
<what> when a check fails, 2 when the command is used wrongly or the file cannot be read.
`;

/**
 * `scr-verify-evidence <bundle.json> [--server 0x…]` (docs/ledger.md, "Evidence bundles"): answers
 * the exit code. `--server` pins the server's address the portal publishes (`GET /api/app-info`).
 */
export async function main(args: readonly string[], output: Output = terminal): Promise<number> {
  const files: string[] = [];
  let serverAddress: string | undefined;
  for (let i = 0; i < args.length; i++) {
    const arg = args[i]!;
    if (arg === '--help' || arg === '-h') {
      output.out(usage);
      return 0;
    }
    if (arg === '--server') {
      serverAddress = args[++i];
      if (serverAddress === undefined) return wrongUse(output, '--server needs an address');
    } else if (arg.startsWith('--server=')) {
      serverAddress = arg.slice('--server='.length);
    } else if (arg.startsWith('-') && arg !== '-') {
      return wrongUse(output, `unknown option ${arg}`);
    } else {
      files.push(arg);
    }
  }
  if (files.length !== 1) return wrongUse(output, 'give exactly one bundle file');
  let bytes: Uint8Array;
  try {
    bytes = await readFile(files[0]!);
  } catch (error) {
    output.err(`scr-verify-evidence: cannot read ${files[0]}: ${(error as Error).message}\n`);
    return 2;
  }
  const verdict = verifyEvidence(bytes, serverAddress === undefined ? {} : { serverAddress });
  if (!verdict.verified) {
    output.out(`${verdictLine(verdict)}\n`);
    return 1;
  }
  const { counts } = verdict;
  output.out(`${custodyStory(verdict.bundle, verdict.states)}\n\n`);
  output.out(
    `VERIFIED: ${plural(counts.releases, 'release')}, ${plural(counts.events, 'event')} and ${plural(counts.statements, 'signed statement')}; every hash, link, signature and inclusion proof holds, and the server ${verdict.bundle.server.address} signed the checkpoint and the bundle.\n`,
  );
  return 0;
}

function wrongUse(output: Output, problem: string): number {
  output.err(`scr-verify-evidence: ${problem}\n\n${usage}`);
  return 2;
}

const plural = (count: number, noun: string) => `${count} ${noun}${count === 1 ? '' : 's'}`;
