#!/usr/bin/env node
/**
 * `npm test`: every check of the repository, one step after the other, quickest first, with
 * each step's time at the end (issue 10 §7). Each step is an npm script of its own.
 *
 * Measured on the 2-core machine, nothing runs beside another: vitest keeps both cores busy,
 * and so do the browser journeys (Chromium's renderer, GPU and browser processes take about
 * three quarters of their CPU). Running the PostgreSQL API tests or the static checks beside the
 * journeys saved no time and made journeys miss their timeouts.
 *
 * A failing step stops the command.
 */
import { spawn } from 'node:child_process';

const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
const steps = ['lint', 'format:check', 'typecheck', 'test:unit', 'test:e2e'];

const timings = [];

/** Runs one npm script with its output shown; resolves whether it passed. */
function run(script) {
  const started = Date.now();
  return new Promise((resolve) => {
    const child = spawn(npm, ['run', '--silent', script], { stdio: 'inherit' });
    child.on('close', (code, signal) => {
      const ok = code === 0;
      timings.push({ script, seconds: (Date.now() - started) / 1000, ok });
      if (signal) process.stderr.write(`${script} stopped by ${signal}\n`);
      resolve(ok);
    });
  });
}

const started = Date.now();
let passed = true;
for (const script of steps) {
  process.stdout.write(`\n== ${script}\n`);
  if (!(await run(script))) {
    passed = false;
    break;
  }
}

const minutes = (seconds) => `${Math.floor(seconds / 60)} min ${Math.round(seconds % 60)} s`;
process.stdout.write('\n== npm test\n');
for (const { script, seconds, ok } of timings) {
  process.stdout.write(`${ok ? 'ok  ' : 'FAIL'}  ${script.padEnd(14)} ${minutes(seconds)}\n`);
}
process.stdout.write(
  `${passed ? 'passed' : 'FAILED'} in ${minutes((Date.now() - started) / 1000)}\n`,
);
process.exit(passed ? 0 : 1);
