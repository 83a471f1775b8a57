/**
 * The journeys' servers, started side by side (issue 10 §7): the SMTP sink (`smtp-sink.ts`) and
 * one portal per worker (`portals.ts`). Playwright starts its web servers one after the other,
 * and each portal's first start (initdb, migrations, the demo world) takes about five seconds of
 * one core. Run by Playwright as its one web server:
 * `node --import tsx e2e/support/serve-portals.ts <data folder> [--remove-at-stop]`.
 *
 * Portal `i` listens on `portalUrl(i)` with the data folder `<data folder>/portal-<i>`. With
 * `--remove-at-stop`, the data folder is removed once every server has stopped.
 * `GET portalsHealthUrl` answers 200 once the sink and every portal do. A server that exits ends
 * this process with its exit code (its error output is passed on); stopping this process stops
 * them all.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { rmSync } from 'node:fs';
import { createServer } from 'node:http';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { smtpSinkHttpPort, smtpSinkPort, smtpSinkUrl } from './smtp-sink-address.ts';
import { firstPortalPort, portalCount, portalsHealthPort, portalUrl } from './portals.ts';

const usage = 'usage: serve-portals.ts <data folder> [--remove-at-stop]';
const [dataRoot = '', flag, ...rest] = process.argv.slice(2);
const removeAtStop = flag === '--remove-at-stop';
if (!dataRoot || (flag !== undefined && !removeAtStop) || rest.length) throw new Error(usage);
const repoRoot = fileURLToPath(new URL('../../', import.meta.url));

const portalEnv = (slot: number) => ({
  PORT: String(firstPortalPort + slot),
  HOST: '127.0.0.1',
  DATA_DIR: join(dataRoot, `portal-${slot}`),
  NODE_ENV: 'test',
  APP_ENV: 'e2e',
  LOG_LEVEL: 'warn',
  SMTP_HOST: '127.0.0.1',
  SMTP_PORT: String(smtpSinkPort),
  SMTP_FROM: 'Portal <no-reply@demo.test>',
  // Where support tickets (and orders) are mailed: the sink keeps them for the journeys.
  SUPPORT_EMAIL: 'support-desk@demo.test',
  // Every journey signs in from 127.0.0.1, many as the same demo user: the sign-in limits are set
  // for people, and a fast run went past them (the API tests check the limits themselves).
  SIGN_IN_CALLS_PER_IP_PER_MINUTE: '10000',
  SIGN_IN_LOOKUPS_PER_ACCOUNT: '10000',
});

/** Each server as `node <nodeArgs>` in the repository's folder. */
const servers: Array<{
  name: string;
  url: string;
  nodeArgs: string[];
  env: Record<string, string>;
}> = [
  {
    name: 'the SMTP sink',
    url: smtpSinkUrl,
    nodeArgs: ['--import', 'tsx', 'e2e/support/smtp-sink.ts'],
    env: { SMTP_SINK_PORT: String(smtpSinkPort), SMTP_SINK_HTTP_PORT: String(smtpSinkHttpPort) },
  },
  // The server's bundle, as `npm run serve` runs it: `npm run build` (or the server tests'
  // setup, in `npm test`) builds it with the web app.
  ...Array.from({ length: portalCount }, (_, slot) => ({
    name: `portal ${slot}`,
    url: portalUrl(slot),
    nodeArgs: ['packages/server/dist/main.mjs'],
    env: portalEnv(slot),
  })),
];

let stopping = false;
const children: ChildProcess[] = servers.map(({ name, nodeArgs, env }) => {
  const child = spawn(process.execPath, nodeArgs, {
    cwd: repoRoot,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: { ...process.env, ...env },
  });
  child.once('exit', (code, signal) => {
    if (stopping) return;
    process.stderr.write(`${name} exited (${signal ?? `code ${code}`})\n`);
    stop(code || 1);
  });
  return child;
});

async function healthy(url: string): Promise<boolean> {
  try {
    return (await fetch(`${url}/health`)).status === 200;
  } catch {
    return false;
  }
}

const health = createServer((request, response) => {
  void Promise.all(servers.map(({ url }) => healthy(url))).then((answers) => {
    const ready = request.url === '/health' && answers.every(Boolean);
    response.writeHead(ready ? 200 : 503).end(ready ? 'ok' : 'starting');
  });
});
health.listen(portalsHealthPort, '127.0.0.1');

/**
 * Stops every server and then this process with `code`. A signal to this process reaches the
 * servers too when it went to the process group, as Playwright sends it at the end of a run
 * (`gracefulShutdown`): each server gets `graceMs` to stop on its own before it is asked, since
 * a second signal makes a portal exit at once, without closing its database. A server that has
 * not exited 10 s later is killed; Playwright's keep-alive health checks would otherwise keep
 * this process running.
 */
function stop(code: number, graceMs = 0) {
  if (stopping) return;
  stopping = true;
  health.closeAllConnections();
  health.close();
  const running = children.filter((child) => child.exitCode === null && child.signalCode === null);
  const exited = running.map((child) => new Promise((resolve) => child.once('exit', resolve)));
  const ask = setTimeout(() => {
    for (const child of running)
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
  }, graceMs);
  const deadline = setTimeout(
    () => running.forEach((child) => child.kill('SIGKILL')),
    graceMs + 10_000,
  );
  void Promise.all(exited).then(() => {
    clearTimeout(ask);
    clearTimeout(deadline);
    if (removeAtStop) rmSync(dataRoot, { recursive: true, force: true });
    process.exit(code);
  });
}
process.once('SIGINT', () => stop(0, 2_000));
process.once('SIGTERM', () => stop(0, 2_000));
