/**
 * `npm run lint:openapi`, a step of `npm test`: Redocly CLI's lint (`redocly.yaml` at the
 * repository's root: the recommended rules, every warning an error) over the API document
 * exactly as `GET /api/openapi.json` serves it. The document is written to a temporary file
 * first: it is generated from the schemas, not kept in the repository. Exits with the lint's
 * status; nothing is fetched or sent (no telemetry).
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { openApiDocument } from './openapi-document.ts';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..', '..', '..');
const cliManifest = createRequire(import.meta.url).resolve('@redocly/cli/package.json');
const cli = join(dirname(cliManifest), 'bin', 'cli.js');

const folder = mkdtempSync(join(tmpdir(), 'scr-openapi-'));
try {
  const file = join(folder, 'openapi.json');
  writeFileSync(file, `${JSON.stringify(openApiDocument(), null, 2)}\n`);
  const lint = spawnSync(
    process.execPath,
    [cli, 'lint', file, '--config', join(root, 'redocly.yaml'), '--format', 'stylish'],
    {
      stdio: 'inherit',
      env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' },
    },
  );
  process.exitCode = lint.status ?? 1;
} finally {
  rmSync(folder, { recursive: true, force: true });
}
