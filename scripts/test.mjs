#!/usr/bin/env node
/**
 * `npm test`: every check of the repository, with each step's time at the end (issue 10 §7).
 *
 * 1. The quick checks side by side, two at a time on this two-core machine: lint, the format
 *    check, the type checks and the web build the journeys use. Each one's output is printed
 *    whole when it ends, so outputs never interleave.
 * 2. vitest: unit and API tests on PGlite and PostgreSQL, as two runs side by side (VITEST_RUN
 *    in vitest.config.ts): the web's projects in one worker, the server's in two. The server
 *    run's output is shown live, the other's whole when it ends.
 * 3. The browser journeys on the build of step 1 (Chromium keeps both cores busy).
 *
 * Steps 2 and 3 run alone: beside each other they saved no time and made journeys miss their
 * timeouts. A failing step stops the command; a failing quick check stops it after the others
 * of its phase have ended.
 */
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';

const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
const root = new URL('..', import.meta.url);

/**
 * The type checks: one program for the packages that run on Node (tsconfig.node-packages.json,
 * which lists them), and each other workspace's own `typecheck` script (the web, with DOM types).
 */
const nodeProgram = 'tsconfig.node-packages.json';
const nodeIncludes = JSON.parse(
  readFileSync(new URL(nodeProgram, root), 'utf8').replace(/^\s*\/\/.*$/gm, ''),
).include;
const typechecks = [
  { name: 'types node', args: ['run', '--silent', 'typecheck:node'] },
  ...JSON.parse(readFileSync(new URL('package.json', root), 'utf8'))
    .workspaces.filter((workspace) => {
      const manifest = JSON.parse(readFileSync(new URL(`${workspace}/package.json`, root), 'utf8'));
      const inNodeProgram = nodeIncludes.some(
        (path) => path === workspace || path.startsWith(`${workspace}/`),
      );
      return Boolean(manifest.scripts?.typecheck) && !inNodeProgram;
    })
    .map((workspace) => ({
      name: `types ${workspace.replace(/^packages\//, '')}`,
      args: ['run', '--silent', 'typecheck', '-w', workspace],
    })),
];

/** Longest first (as measured here), so that the lanes end together. */
const longestFirst = ['lint', 'format:check', 'build', 'types web', 'types node'];
const rank = (name) =>
  longestFirst.includes(name) ? longestFirst.indexOf(name) : longestFirst.length;
const quickChecks = [
  { name: 'lint', args: ['run', '--silent', 'lint'] },
  { name: 'format:check', args: ['run', '--silent', 'format:check'] },
  // The journeys' web build.
  { name: 'build', args: ['run', '--silent', 'build'] },
  ...typechecks,
].sort((a, b) => rank(a.name) - rank(b.name));

const timings = [];
const seconds = (started) => (Date.now() - started) / 1000;

/** Runs `npm <args>`; its output is shown live, or kept and answered when `quiet`. */
function run({ name, args, env = {} }, { quiet = false } = {}) {
  const started = Date.now();
  return new Promise((resolve) => {
    const child = spawn(npm, args, {
      stdio: quiet ? ['ignore', 'pipe', 'pipe'] : 'inherit',
      env: { ...process.env, ...env },
    });
    const output = [];
    child.stdout?.on('data', (chunk) => output.push(chunk));
    child.stderr?.on('data', (chunk) => output.push(chunk));
    child.on('close', (code, signal) => {
      const ok = code === 0;
      if (signal) output.push(Buffer.from(`${name} stopped by ${signal}\n`));
      resolve({ name, ok, seconds: seconds(started), output: Buffer.concat(output) });
    });
  });
}

/** Runs the checks `lanes` at a time; prints each one's output as it ends. */
async function runSideBySide(checks, lanes) {
  const queue = [...checks];
  const results = [];
  const lane = async () => {
    for (let check = queue.shift(); check; check = queue.shift()) {
      const result = await run(check, { quiet: true });
      process.stdout.write(`\n== ${result.name} (${result.ok ? 'ok' : 'FAILED'})\n`);
      process.stdout.write(result.output);
      results.push(result);
    }
  };
  await Promise.all(Array.from({ length: lanes }, lane));
  return results;
}

const started = Date.now();
const quick = await runSideBySide(quickChecks, availableParallelism());
for (const { name, ok, seconds: taken } of quick)
  timings.push({ name: `  ${name}`, seconds: taken, ok });
let passed = quick.every(({ ok }) => ok);
timings.push({ name: 'quick checks', seconds: seconds(started), ok: passed });

/** The two vitest runs side by side: `server` shown live, `one-worker` whole when it ends. */
async function vitest() {
  const unit = (which) => ({
    name: `  vitest ${which}`,
    args: ['run', '--silent', 'test:unit'],
    env: { VITEST_RUN: which },
  });
  const started = Date.now();
  const oneWorker = run(unit('one-worker'), { quiet: true }).then((result) => {
    process.stdout.write(`\n== ${result.name.trim()} (${result.ok ? 'ok' : 'FAILED'})\n`);
    process.stdout.write(result.output);
    return result;
  });
  const runs = await Promise.all([run(unit('server')), oneWorker]);
  timings.push(...runs);
  return { name: 'vitest', ok: runs.every(({ ok }) => ok), seconds: seconds(started) };
}

if (passed) {
  process.stdout.write('\n== vitest server (the one-worker run follows when it ends)\n');
  const result = await vitest();
  timings.push(result);
  passed = result.ok;
}
if (passed) {
  process.stdout.write('\n== journeys\n');
  const result = await run({ name: 'journeys', args: ['run', '--silent', 'test:journeys'] });
  timings.push(result);
  passed = result.ok;
}

/** Whole seconds first, so that 239.6 s reads "4 min 0 s", not "3 min 60 s". */
const minutes = (value) => {
  const whole = Math.round(value);
  return `${Math.floor(whole / 60)} min ${whole % 60} s`;
};
process.stdout.write('\n== npm test\n');
for (const { name, seconds: taken, ok } of timings) {
  process.stdout.write(`${ok ? 'ok  ' : 'FAIL'}  ${name.padEnd(20)} ${minutes(taken)}\n`);
}
process.stdout.write(`${passed ? 'passed' : 'FAILED'} in ${minutes(seconds(started))}\n`);
process.exit(passed ? 0 : 1);
