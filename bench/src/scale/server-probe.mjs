/**
 * Loaded into the server under measurement (`node --import <this> packages/server/dist/main.mjs`,
 * bench suite `scale`): reads, from inside the server's own process, what the bench cannot see
 * from outside, and answers over the IPC channel the bench opened. Nothing of the server is
 * changed, so the same probe measures today's code and tomorrow's.
 *
 * - the event loop's delay (`monitorEventLoopDelay`, 10 ms resolution): max, p99, mean;
 * - the resident memory now and its peak (sampled every 50 ms), the process's CPU time;
 * - the SQL statements sent through `pg` (its `Client.prototype.query`, which Knex and pg's
 *   pool call), counted and kept as text while recording.
 *
 * Messages: `{scaleProbe: 'read', id, reset}` answers a reading (then starts a fresh window when
 * `reset`); `{scaleProbe: 'record', id}` starts recording statements; `{scaleProbe: 'statements',
 * id}` stops and answers them.
 */
import { createRequire } from 'node:module';
import { monitorEventLoopDelay } from 'node:perf_hooks';

const delay = monitorEventLoopDelay({ resolution: 10 });
delay.enable();
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
