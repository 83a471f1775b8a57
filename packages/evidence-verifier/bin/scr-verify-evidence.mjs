#!/usr/bin/env node
// `npx scr-verify-evidence <bundle.json>` (docs/ledger.md, "Evidence bundles"): checks an evidence
// bundle offline and prints the custody story. The verifier is TypeScript, run through tsx as the
// repository's other command-line tools are; it needs no server, database or network.
import { register } from 'tsx/esm/api';

register();
const { main } = await import('../src/cli.ts');
process.exitCode = await main(process.argv.slice(2));
