#!/usr/bin/env node
/**
 * `npm test`: every check of the repository, ordered to keep this machine's two cores busy
 * (issue 10 §7). Each step is also a command of its own (see package.json).
 *
 *   1. The unit and API tests, except the API tests on PostgreSQL: vitest fills both cores.
 *   2. The browser journeys (`test:e2e`, which builds the web first) wait on their portals and
 *      browsers about half the time. Beside them, one after the other: the API tests on
 *      PostgreSQL (when TEST_DATABASE_URL is set; one vitest worker), lint, the format check and
 *      the type check. Their output is shown as each ends.
 *
 * A failing step fails the command; a failing phase stops it before the next phase. At the end
 * it prints each step's time.
 */
import { spawn } from 'node:child_process';

const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
const npmRun = (script) => ({ name: script, command: [npm, 'run', '--silent', script] });
const vitest = (name, ...args) => ({
  name,
  command: [npm, 'exec', '--', 'vitest', 'run', ...args],
});
const onPostgres = Boolean(process.env.TEST_DATABASE_URL);

const phases = [
  [
    [
      onPostgres
        ? vitest('test:unit (all but api-postgres)', '--project', '!api-postgres')
        : npmRun('test:unit'),
    ],
  ],
  [
    [npmRun('test:e2e')],
    [
      ...(onPostgres
        ? [vitest('api-postgres', '--project', 'api-postgres', '--maxWorkers', '1')]
        : []),
      npmRun('lint'),
      npmRun('format:check'),
      npmRun('typecheck'),
    ],
  ],
];

const timings = [];

/** Runs one step; `quiet` collects its output and shows it when the step ends. */
function run({ name: script, command: [program, ...args] }, quiet) {
  const started = Date.now();
  return new Promise((resolve) => {
    const child = spawn(program, args, {
      stdio: quiet ? ['ignore', 'pipe', 'pipe'] : 'inherit',
    });
    let output = '';
    child.stdout?.on('data', (chunk) => (output += chunk));
    child.stderr?.on('data', (chunk) => (output += chunk));
    child.on('close', (code, signal) => {
      const seconds = (Date.now() - started) / 1000;
      const ok = code === 0;
      timings.push({ script, seconds, ok });
      if (quiet) process.stdout.write(`\n== ${script} (${ok ? 'passed' : 'FAILED'})\n${output}`);
      if (signal) process.stderr.write(`${script} stopped by ${signal}\n`);
      resolve(ok);
    });
  });
}

/** The steps of one lane, in order; stops the lane at the first failure. */
async function lane(steps, quiet) {
  for (const step of steps) if (!(await run(step, quiet))) return false;
  return true;
}

const started = Date.now();
let passed = true;
for (const phase of phases) {
  // The first lane of a phase streams its output; the others show theirs as each step ends.
  const results = await Promise.all(phase.map((scripts, i) => lane(scripts, i > 0)));
  if (results.includes(false)) {
    passed = false;
    break;
  }
}

const minutes = (seconds) => `${Math.floor(seconds / 60)} min ${Math.round(seconds % 60)} s`;
process.stdout.write('\n== npm test\n');
for (const { script, seconds, ok } of timings) {
  process.stdout.write(`${ok ? 'ok  ' : 'FAIL'}  ${script.padEnd(34)} ${minutes(seconds)}\n`);
}
process.stdout.write(
  `${passed ? 'passed' : 'FAILED'} in ${minutes((Date.now() - started) / 1000)}\n`,
);
process.exit(passed ? 0 : 1);
