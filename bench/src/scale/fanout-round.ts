import { signedTransfer, type Post } from '../bulk-bench.ts';
import type { unlockWallet } from '../transfer-bench.ts';
import { startHttpProbe } from './http-probe.ts';
import type { ServerProcess, ServerReading } from './server-process.ts';
import type { ClientResult, SocketClients } from './socket-clients.ts';

/** Who transfers what to whom, through which instances, heard by which clients. */
export interface RoundSetting {
  servers: readonly ServerProcess[];
  clients: SocketClients;
  /** The acting forwarder's API and cloud wallet (on the first instance), and the addresses. */
  post: Post;
  wallet: Awaited<ReturnType<typeof unlockWallet>>;
  by: string;
  to: string;
  timeoutMs: number;
  /** Where progress lines go while the clients are still hearing. */
  log: (line: string) => void;
}

/** What one transfer's round gave, however far it got. */
export interface RoundOutcome {
  /** When the second call was sent (epoch ms), null when it never was. */
  sentAt: number | null;
  callMs: number | null;
  callError: string | null;
  how: 'heard' | 'timeout' | 'exited' | 'not sent';
  results: ClientResult[];
  http: { samples: number[][]; failures: number } | null;
  /** Each instance's probe reading at the end (null once it has exited) and its RSS peak (/proc). */
  readings: (ServerReading | null)[];
  rssPeakMb: number[];
  /** Each instance's CPU time from the second call to the round's end (/proc), in ms. */
  cpuMs: (number | null)[];
  exits: string[];
}

const now = () => performance.timeOrigin + performance.now();
const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms).unref());

/**
 * One signed transfer of `batch`, with every client counting the releases it hears of: from the
 * second call, an HTTP probe of every instance and their RSS read from /proc every 250 ms (so it
 * is known even when an instance stops answering or dies); the round ends when every client has
 * heard, at the timeout, or when an instance exits. Progress is logged every 30 s.
 */
export async function fanoutRound(setting: RoundSetting, batch: string[]): Promise<RoundOutcome> {
  const { servers, clients } = setting;
  const heard = await clients.expect(batch);
  const exits: string[] = [];
  const died = Promise.race(
    servers.map((server, i) =>
      server.exited.then(({ code, signal, output }) => {
        const last = output.trim().split('\n').slice(-6).join(' | ').slice(-1500);
        exits.push(
          `instance ${i} exited (code ${code}, signal ${signal}); its last output: ${last}`,
        );
      }),
    ),
  );
  const rssPeakMb = servers.map((server) => server.rssMb() ?? 0);
  const sampler = setInterval(() => {
    servers.forEach((server, i) => (rssPeakMb[i] = Math.max(rssPeakMb[i]!, server.rssMb() ?? 0)));
  }, 250);
  let sentAt: number | null = null;
  let cpuAtSend: (number | null)[] = [];
  let callMs: number | null = null;
  let callError: string | null = null;
  let probe: ReturnType<typeof startHttpProbe> | null = null;
  let markSent = () => {};
  const secondCallSent = new Promise<'sent'>((resolve) => (markSent = () => resolve('sent')));
  const progress = setInterval(async () => {
    if (sentAt === null) return;
    const results = await clients.results();
    const counts = results.map((result) => result.heard).sort((a, b) => a - b);
    const done = results.filter((result) => result.doneAt !== null).length;
    const rss = servers.map((server) => `${(server.rssMb() ?? 0).toFixed(0)} MB`).join(', ');
    setting.log(
      `… ${((now() - sentAt) / 1000).toFixed(0)} s after the second call: ${done} of ${results.length} ` +
        `clients heard all ${batch.length}, median heard ${counts[counts.length >> 1]}; RSS ${rss}` +
        (callMs === null && callError === null ? '; the call has not answered' : ''),
    );
  }, 30_000);
  const timed: Post = async <T>(path: string, body: unknown) => {
    if (!(body as { statement?: unknown }).statement) return setting.post<T>(path, body);
    await Promise.all(servers.map((server) => server.read(true)));
    probe = startHttpProbe(
      servers.map((server) => server.baseUrl),
      '/api/app-info',
    );
    sentAt = now();
    cpuAtSend = servers.map((server) => server.cpuMs());
    markSent();
    const answer = await setting.post<T>(path, body);
    callMs = now() - sentAt;
    return answer;
  };
  // The clock runs from the second call, whether or not it answers (today's code answers it
  // only once every notice has been handed to the sockets).
  const transfer = signedTransfer(timed, setting.wallet, setting.by, batch, setting.to).then(
    () => 'answered' as const,
    (error: Error) => {
      callError = error.message.slice(0, 500);
      return 'failed' as const;
    },
  );
  let how: RoundOutcome['how'] = 'not sent';
  if ((await Promise.race([secondCallSent, transfer])) === 'sent') {
    const left = () => setting.timeoutMs - (now() - sentAt!);
    how = await Promise.race([
      heard.allHeard.then(() => 'heard' as const),
      sleep(left()).then(() => 'timeout' as const),
      died.then(() => 'exited' as const),
    ]);
    if (how === 'heard') await Promise.race([transfer, sleep(left()), died]);
  }
  clearInterval(progress);
  const cpuMs = servers.map((server, i) => {
    const [end, start] = [server.cpuMs(), cpuAtSend[i]];
    return end === null || start === null || start === undefined ? null : end - start;
  });
  const started = probe as ReturnType<typeof startHttpProbe> | null;
  const http = started
    ? await Promise.race([started.stop(), sleep(30_000).then(() => null)])
    : null;
  const readings = await Promise.all(
    servers.map((server) =>
      server.running()
        ? Promise.race([server.read().catch(() => null), sleep(30_000).then(() => null)])
        : null,
    ),
  );
  clearInterval(sampler);
  return {
    sentAt,
    callMs,
    callError,
    how,
    results: await clients.results(),
    http,
    readings,
    rssPeakMb,
    cpuMs,
    exits,
  };
}
