/**
 * `npm run ledger -- keep [--url https://portal] [--file checkpoints.jsonl] [--server-address 0x…]`
 * (docs/ledger.md "Keeping checkpoints"): fetches the portal's latest signed checkpoint, checks
 * its signature and, when the file keeps one already, the proof that the new one extends it, and
 * appends it to the file, one JSON line each. Exit codes: 0 kept (or unchanged), 1 refused (the
 * portal's checkpoint is not the server's, or does not extend the kept one: the file is left as
 * it was), 2 bad arguments or the portal could not be asked.
 */
import { parseArgs } from 'node:util';
import {
  keepCheckpoint,
  KeepRefusedError,
  KeepUnreachableError,
} from '../ledger/keep-checkpoints.ts';

const print = (line: string) => process.stdout.write(`${line}\n`);
const fail = (line: string, code: number): never => {
  process.stderr.write(`${line}\n`);
  process.exit(code);
};
const usage =
  'usage: npm run ledger -- keep [--url https://portal] [--file checkpoints.jsonl] [--server-address 0x…]';

let parsed;
try {
  parsed = parseArgs({
    allowPositionals: true,
    options: {
      url: { type: 'string' },
      file: { type: 'string' },
      'server-address': { type: 'string' },
    },
  });
} catch (error) {
  fail(`${(error as Error).message}\n${usage}`, 2);
}
const { values, positionals } = parsed!;
if (positionals.length !== 1 || positionals[0] !== 'keep') fail(usage, 2);

const url = values.url ?? process.env.PUBLIC_URL ?? 'http://localhost:3030';
const file = values.file ?? 'checkpoints.jsonl';
try {
  const result = await keepCheckpoint({
    url,
    file,
    ...(values['server-address'] ? { serverAddress: values['server-address'] } : {}),
  });
  const { treeSize, rootHash, time } = result.checkpoint;
  if (!result.appended) {
    print(`UNCHANGED: the latest checkpoint is the one kept (${treeSize} events, ${rootHash})`);
  } else if (result.previous) {
    print(
      `KEPT: checkpoint ${treeSize} (${rootHash}, ${time}) extends the kept checkpoint ${result.previous.treeSize}; appended to ${file}`,
    );
  } else {
    print(`KEPT: checkpoint ${treeSize} (${rootHash}, ${time}), the first in ${file}`);
  }
} catch (error) {
  if (error instanceof KeepRefusedError) fail(`REFUSED: ${error.message}`, 1);
  if (error instanceof KeepUnreachableError) fail(`Could not ask the portal: ${error.message}`, 2);
  throw error;
}
