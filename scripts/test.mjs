#!/usr/bin/env node
/**
 * `npm test`: every check of the repository, with each step's time at the end (issue 10 §7).
 *
 * The tests in front, the rest behind them at the lowest CPU priority (nice 19), where it takes
 * the moments a test step leaves a core idle (an app starting, a journey waiting on the portal)
 * instead of a phase of its own:
 *
 * 1. vitest, as two runs side by side (VITEST_RUN in vitest.config.ts): the web's projects in
 *    one worker, the server's in two; the server run's output is shown live, the other's whole
 *    when it ends. Behind it, the web build the journeys use.
 * 2. The browser journeys on that build, once vitest has passed (Chromium keeps both cores busy;
 *    beside vitest they saved no time and made journeys miss their timeouts). Behind them, two at
 *    a time, lint, the API document's lint (Redocly), the format check and the type checks; their
 *    output follows the journeys'.
 *
 * On this two-core machine vitest leaves about 6% of the cores idle and the journeys about 10%:
 * the build and the static checks, a phase of 25 s before, now mostly fit in there. A failing
 * step stops the steps that need it (no journeys without the build and vitest); every other step
 * still ends and reports.
 */
import { spawn } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { availableParallelism, constants, setPriority } from 'node:os';

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

/**
 * The web build the journeys use, behind vitest. The server's bundle, which they use too, is
 * built by the server tests' global setup (packages/server/src/test/global-setup.ts), from the
 * same sources and before them, so this build leaves it alone.
 */
const build = { name: 'build', args: ['run', '--silent', 'build', '-w', '@scr/web'] };

/** The background checks, longest first (as measured here), so that the two lanes end together. */
const longestFirst = ['lint', 'format:check', 'types web', 'types node'];
const rank = (name) =>
  longestFirst.includes(name) ? longestFirst.indexOf(name) : longestFirst.length;
const staticChecks = [
  { name: 'lint', args: ['run', '--silent', 'lint'] },
  // The API document (GET /api/openapi.json) under Redocly's lint, redocly.yaml: a few seconds.
  { name: 'openapi lint', args: ['run', '--silent', 'lint:openapi'] },
  { name: 'format:check', args: ['run', '--silent', 'format:check'] },
  ...typechecks,
].sort((a, b) => rank(a.name) - rank(b.name));

const timings = [];
const seconds = (started) => (Date.now() - started) / 1000;

/** The background steps' process groups, stopped with this process. */
const backgroundGroups = new Set();
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.once(signal, () => {
    for (const pid of backgroundGroups) stopGroup(pid);
    process.exit(128 + constants.signals[signal]);
  });
}
function stopGroup(pid) {
  try {
    process.kill(-pid, 'SIGTERM');
  } catch {
    // Already gone.
  }
}

/**
 * The lowest CPU priority for a background step and the processes it starts. Linux schedules
 * each session as a group ("autogroup") and shares the cores between groups before it looks at
 * a process's nice value, and Playwright starts Chromium in a session of its own: a niced step in
 * this session still took half the cores from the journeys (they ran 12 s longer). So a
 * background step gets a session of its own (`detached`), and that session's group gets nice 19
 * too where the kernel has autogroups.
 */
function lowestPriority(pid) {
  try {
    setPriority(pid, constants.priority.PRIORITY_LOW);
    const autogroup = `/proc/${pid}/autogroup`;
    if (existsSync(autogroup)) writeFileSync(autogroup, '19');
  } catch (error) {
    // A step that already ended, or a system that refuses: it then runs at normal priority.
    process.stderr.write(`npm test: could not lower the priority of ${pid}: ${error.message}\n`);
  }
}

/**
 * Runs `npm <args>`; its output is kept and answered, and shown live unless `quiet`. Kept, so that
 * the summary can name what failed (`failedTests`): CI shows only the end of a run's output.
 * `background` runs it behind everything else (`lowestPriority`).
 */
function run({ name, args, env = {} }, { quiet = false, background = false } = {}) {
  const started = Date.now();
  // Piped output loses the terminal's colours unless asked for.
  const colour = !quiet && process.stdout.isTTY ? { FORCE_COLOR: '1' } : {};
  return new Promise((resolve) => {
    const child = spawn(npm, args, {
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, ...colour, ...env },
      detached: background,
    });
    if (!quiet) {
      child.stdout.pipe(process.stdout, { end: false });
      child.stderr.pipe(process.stderr, { end: false });
    }
    if (background) {
      lowestPriority(child.pid);
      backgroundGroups.add(child.pid);
      child.once('exit', () => backgroundGroups.delete(child.pid));
    }
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

/**
 * The lines of a failed step's output that say what failed, without colour codes, each once:
 * vitest's `FAIL` lines and its unhandled errors, each with the error's first line, and
 * Playwright's `✘` lines and its count of failures.
 */
const failureMark =
  /^\s*(FAIL\s|✘\s|\d+ (failed|flaky)$)|Unhandled (Error|Rejection)|Startup Error/;
const withItsError = /^\s*FAIL\s|Unhandled|Startup Error/;
function failedTests(output) {
  const lines = output
    .toString('utf8')
    // eslint-disable-next-line no-control-regex
    .replace(/\u001b\[[0-9;]*m/g, '')
    .split('\n')
    .map((line) => line.trimEnd());
  const failures = [];
  lines.forEach((line, index) => {
    if (!failureMark.test(line)) return;
    failures.push(line.trim());
    if (!withItsError.test(line)) return;
    const error = lines.slice(index + 1).find((next) => next.trim() && !/^[\s⎯]*$/.test(next));
    if (error) failures.push(`  ${error.trim()}`);
  });
  return [...new Set(failures)];
}

const printResult = ({ name, ok, output }) => {
  process.stdout.write(`\n== ${name.trim()} (${ok ? 'ok' : 'FAILED'})\n`);
  process.stdout.write(output);
};

/** Runs the checks `lanes` at a time in the background; answers their results in order. */
async function runInBackground(checks, lanes) {
  const queue = [...checks];
  const results = [];
  const lane = async () => {
    for (let check = queue.shift(); check; check = queue.shift()) {
      results.push(await run(check, { quiet: true, background: true }));
    }
  };
  await Promise.all(Array.from({ length: lanes }, lane));
  return results.sort((a, b) => rank(a.name) - rank(b.name));
}

/**
 * How fast this machine was and how much work the run was (issue 10 §7). A step's time here
 * varies by up to two to one from hour to hour, and so do the busy core-seconds (a slow hour
 * does less in each). The last line gives the machine's busy core-seconds (Linux's /proc/stat;
 * anything else running counts too; left out where it is missing) and those over the time of
 * the README's reference loop, taken before and after: a rough way to compare runs of different
 * hours, not an exact one (runs of one commit differed by a tenth). The two cores' 6 minutes
 * are 720 core-seconds. The loop's sum is used so that the loop is not optimised away.
 */
function referenceLoopSeconds() {
  const loopStarted = performance.now();
  let sum = 0;
  for (let i = 0; i < 3e8; i++) sum += i % 7;
  return sum > 0 ? (performance.now() - loopStarted) / 1000 : 0;
}
function busyCoreSeconds() {
  try {
    const fields = readFileSync('/proc/stat', 'utf8').split('\n', 1)[0].trim().split(/\s+/);
    const [user, nice, system, , , irq, softirq] = fields.slice(1).map(Number);
    return (user + nice + system + irq + softirq) / 100; // in USER_HZ, 100 on Linux
  } catch {
    return null;
  }
}
const loopBefore = referenceLoopSeconds();
const busyBefore = busyCoreSeconds();

const started = Date.now();
const built = run(build, { quiet: true, background: true });

/**
 * The web's tests in jsdom make short-lived objects by the million (React's development build,
 * emotion's styles): with V8's young generation at 64 MB a half instead of its default, its
 * garbage collector took 6.5 instead of 10.5 of their CPU seconds, and the run 6% less CPU in
 * all (142 against 152 core-seconds, two runs each, taken in turns). The flag is the process's,
 * so its worker threads have it. The server's run took no less with it and keeps the default.
 */
const youngGeneration = '--max-semi-space-size=64';
const nodeOptions = (extra) => [process.env.NODE_OPTIONS, extra].filter(Boolean).join(' ');

/** The two vitest runs side by side: `server` shown live, `one-worker` whole when it ends. */
async function vitest() {
  const unit = (which) => ({
    name: `  vitest ${which}`,
    args: ['run', '--silent', 'test:unit'],
    env: {
      VITEST_RUN: which,
      ...(which === 'one-worker' ? { NODE_OPTIONS: nodeOptions(youngGeneration) } : {}),
    },
  });
  const started = Date.now();
  const oneWorker = run(unit('one-worker'), { quiet: true }).then((result) => {
    printResult(result);
    return result;
  });
  const runs = await Promise.all([run(unit('server')), oneWorker]);
  timings.push(...runs);
  return { name: 'vitest', ok: runs.every(({ ok }) => ok), seconds: seconds(started) };
}

process.stdout.write('\n== vitest server (the one-worker run follows when it ends)\n');
const tests = await vitest();
timings.push(tests);
const buildResult = await built;
printResult(buildResult);
timings.push(buildResult);
let passed = tests.ok && buildResult.ok;
const checksStarted = Date.now();
const staticResults = runInBackground(staticChecks, availableParallelism()).then((results) => ({
  results,
  seconds: seconds(checksStarted),
}));
if (passed) {
  process.stdout.write('\n== journeys\n');
  const result = await run({ name: 'journeys', args: ['run', '--silent', 'test:journeys'] });
  timings.push(result);
  passed = result.ok;
}

const checks = await staticResults;
checks.results.forEach(printResult);
for (const { name, seconds: taken, ok } of checks.results)
  timings.push({ name: `  ${name}`, seconds: taken, ok });
const checked = checks.results.every(({ ok }) => ok);
timings.push({ name: 'static checks', seconds: checks.seconds, ok: checked });
passed &&= checked;

/** Whole seconds first, so that 239.6 s reads "4 min 0 s", not "3 min 60 s". */
const minutes = (value) => {
  const whole = Math.round(value);
  return `${Math.floor(whole / 60)} min ${whole % 60} s`;
};
process.stdout.write('\n== npm test\n');
const shownFailures = 30;
for (const { name, seconds: taken, ok, output } of timings) {
  process.stdout.write(`${ok ? 'ok  ' : 'FAIL'}  ${name.padEnd(20)} ${minutes(taken)}\n`);
  const failures = ok || !output ? [] : failedTests(output);
  for (const line of failures.slice(0, shownFailures)) process.stdout.write(`        ${line}\n`);
  if (failures.length > shownFailures)
    process.stdout.write(`        and ${failures.length - shownFailures} more lines above\n`);
}
const busyAfter = busyCoreSeconds();
const loopAfter = referenceLoopSeconds();
const loop = (loopBefore + loopAfter) / 2;
const busy = busyBefore === null || busyAfter === null ? null : busyAfter - busyBefore;
const work =
  busy === null
    ? ''
    : `; ${Math.round(busy)} busy core-seconds, ${Math.round(busy / loop)} reference loops`;
process.stdout.write(
  `${passed ? 'passed' : 'FAILED'} in ${minutes(seconds(started))}${work} (the loop took ${loopBefore.toFixed(2)} s before, ${loopAfter.toFixed(2)} s after)\n`,
);
process.exit(passed ? 0 : 1);
