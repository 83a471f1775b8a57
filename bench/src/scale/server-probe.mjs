/**
 * Loaded into the server under measurement (`node --import <this> packages/server/dist/main.mjs`,
 * bench suite `scale`): reads, from inside the server's own process, what the bench cannot see
 * from outside, and answers over the IPC channel the bench opened. Nothing of the server is
 * changed, so the same probe measures today's code and tomorrow's.
 *
 * - the event loop's delay (`monitorEventLoopDelay`, 10 ms resolution): max, p99, mean, and
 *   the longest garbage collection pause of the same window;
 * - the resident memory now and its peak (sampled every 50 ms), the process's CPU time;
 * - the SQL statements sent through `pg` (its `Client.prototype.query`, which Knex and pg's
 *   pool call), counted and kept as text while recording.
 *
 * Messages: `{scaleProbe: 'read', id, reset}` answers a reading (then starts a fresh window when
 * `reset`); `{scaleProbe: 'record', id}` starts recording statements; `{scaleProbe: 'statements',
 * id}` stops and answers them.
 */
import { createRequire } from 'node:module';
import { monitorEventLoopDelay, PerformanceObserver } from 'node:perf_hooks';

const delay = monitorEventLoopDelay({ resolution: 10 });
delay.enable();
/** The longest garbage collection of the window: part of what holds the loop is not our code. */
let gcMaxMs = 0;
new PerformanceObserver((list) => {
  for (const entry of list.getEntries()) gcMaxMs = Math.max(gcMaxMs, entry.duration);
}).observe({ entryTypes: ['gc'] });
let rssPeak = process.memoryUsage.rss();
setInterval(() => {
  rssPeak = Math.max(rssPeak, process.memoryUsage.rss());
}, 50).unref();

/** While recording: each statement's text and whether it was a named (prepared) one. */
let statements = null;
try {
  // The same `pg` the server's Knex requires (one copy in the root node_modules).
  const pg = createRequire(import.meta.url)('pg');
  const query = pg.Client.prototype.query;
  pg.Client.prototype.query = function recordedQuery(config, ...rest) {
    if (statements) {
      const text = typeof config === 'string' ? config : (config?.text ?? '');
      statements.push({ text, prepared: typeof config === 'object' && !!config?.name });
    }
    return query.call(this, config, ...rest);
  };
} catch {
  // No pg (an embedded database only): statements stay uncounted.
}

const ms = (ns) => ns / 1e6;

function reading() {
  const memory = process.memoryUsage();
  const cpu = process.cpuUsage();
  return {
    eventLoop: {
      maxMs: ms(delay.max),
      p99Ms: ms(delay.percentile(99)),
      meanMs: ms(delay.mean),
      samples: delay.count,
      gcMaxMs,
    },
    rssMb: memory.rss / 2 ** 20,
    rssPeakMb: Math.max(rssPeak, memory.rss) / 2 ** 20,
    heapUsedMb: memory.heapUsed / 2 ** 20,
    cpuMs: (cpu.user + cpu.system) / 1000,
  };
}

process.on('message', (message) => {
  if (!message || typeof message.scaleProbe !== 'string') return;
  const answer = (body) => process.send?.({ scaleProbe: 'answer', id: message.id, ...body });
  if (message.scaleProbe === 'read') {
    answer({ reading: reading() });
    if (message.reset) {
      delay.reset();
      gcMaxMs = 0;
      rssPeak = process.memoryUsage.rss();
    }
  } else if (message.scaleProbe === 'record') {
    statements = [];
    answer({});
  } else if (message.scaleProbe === 'statements') {
    answer({ statements: statements ?? [] });
    statements = null;
  }
});
// The channel must not keep a stopping server alive.
process.channel?.unref();

// BENCH_SERVER_CPU_PROF=DIR (with the server's --cpu-prof): every callback that held the loop
// 5 ms or more is written to DIR/long-tasks-<pid>.json on exit, as [start, end] in µs of the
// monotonic clock the CPU profile's samples use, with its kind, so that a profile's samples
// within each one tell what held the loop.
if (process.env.BENCH_SERVER_CPU_PROF) {
  const { createHook } = await import('node:async_hooks');
  const { writeFileSync } = await import('node:fs');
  const { join } = await import('node:path');
  const kinds = new Map();
  const started = [];
  const long = [];
  const now = () => Number(process.hrtime.bigint() / 1000n);
  createHook({
    init(id, type) {
      kinds.set(id, type);
    },
    before() {
      started.push(now());
    },
    after(id) {
      const start = started.pop();
      if (start === undefined || started.length > 0) return;
      const end = now();
      if (end - start >= 5_000) long.push([start, end, kinds.get(id) ?? '?']);
    },
    destroy(id) {
      kinds.delete(id);
    },
  }).enable();
  process.on('exit', () => {
    const file = join(process.env.BENCH_SERVER_CPU_PROF, `long-tasks-${process.pid}.json`);
    writeFileSync(file, JSON.stringify(long));
  });
}
