import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort } from './private-redis.ts';
import { tempDir } from './temp-dir.ts';
import { waitFor } from './wait-for.ts';

/** The repository's nginx configuration (docs/production.md), as an operator installs it. */
export const portalNginxConf = fileURLToPath(
  new URL('../../../../deploy/nginx/scr-portal.conf', import.meta.url),
);

export interface Nginx {
  /** The portal through nginx, e.g. `http://127.0.0.1:41234`. */
  url: string;
  /** Each request nginx has logged: method, path, status and the instance (`host:port`) it went to. */
  requests(): LoggedRequest[];
  stop(): Promise<void>;
}

export interface LoggedRequest {
  method: string;
  path: string;
  status: number;
  upstream: string;
}

/**
 * Debian's nginx in front of `upstreams` with the repository's `deploy/nginx/scr-portal.conf`.
 * Only what a test machine must change is changed: the upstream servers, the listening port
 * (plain HTTP on loopback: no certificate here, so the TLS lines go and the port-80 redirect
 * with them), and the log and temporary paths; the access log names the instance each request
 * went to, so a test can tell which instance answered.
 */
export async function startNginx(upstreams: readonly number[]): Promise<Nginx> {
  const dir = tempDir('scr-nginx-');
  const port = await freePort();
  const conf = readFileSync(portalNginxConf, 'utf8');
  const site = adaptForTest(conf, { port, upstreams, dir });
  const accessLog = join(dir, 'access.log');
  writeFileSync(
    join(dir, 'nginx.conf'),
    [
      'worker_processes 1;',
      `pid ${join(dir, 'nginx.pid')};`,
      `error_log ${join(dir, 'error.log')} warn;`,
      'events { worker_connections 4096; }',
      'http {',
      `  client_body_temp_path ${join(dir, 'body')};`,
      `  proxy_temp_path ${join(dir, 'proxy')};`,
      `  fastcgi_temp_path ${join(dir, 'fastcgi')};`,
      `  uwsgi_temp_path ${join(dir, 'uwsgi')};`,
      `  scgi_temp_path ${join(dir, 'scgi')};`,
      "  log_format scr_test '$request_method $request_uri $status $upstream_addr';",
      site,
      '}',
    ].join('\n'),
  );
  const child: ChildProcess = spawn(
    'nginx',
    ['-p', dir, '-c', join(dir, 'nginx.conf'), '-g', 'daemon off; user root;'],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  await waitFor('nginx to listen', async () => {
    if (child.exitCode !== null) throw new Error(`nginx exited: ${output}`);
    return accepts(port);
  });
  return {
    url: `http://127.0.0.1:${port}`,
    requests: () => readLog(accessLog),
    async stop() {
      if (child.exitCode !== null) return;
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGQUIT');
      await exited;
    },
  };
}

/** The repository's file with the test machine's ports, paths and upstreams (see startNginx). */
export function adaptForTest(
  conf: string,
  { port, upstreams, dir }: { port: number; upstreams: readonly number[]; dir: string },
): string {
  const servers = upstreams
    .map((upstream) => `    server 127.0.0.1:${upstream} max_fails=3 fail_timeout=10s;`)
    .join('\n');
  const adapted = conf
    // The upstream block's servers.
    .replace(/(upstream scr_portal \{[\s\S]*?)((?:\s*server [^\n]+\n)+)/, `$1\n${servers}\n`)
    // The port-80 redirect server: there is no TLS server to send users to.
    .replace(/server \{\s*listen 80;[\s\S]*?\n\}\n/, '')
    .replace(/\n\s*listen \[::\]:443 ssl;/, '')
    .replace(/listen 443 ssl;/, `listen 127.0.0.1:${port};`)
    .replace(/\n\s*(http2 on|ssl_[a-z_]+ [^\n]*);/g, '')
    .replace(/access_log [^;]+;/, `access_log ${join(dir, 'access.log')} scr_test;`)
    .replace(/error_log [^;]+;/, `error_log ${join(dir, 'error.log')} warn;`);
  for (const must of [`listen 127.0.0.1:${port};`, servers.trim(), 'scr_test;']) {
    if (!adapted.includes(must)) throw new Error(`deploy/nginx/scr-portal.conf changed: ${must}`);
  }
  return adapted;
}

function readLog(path: string): LoggedRequest[] {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch {
    return [];
  }
  return text
    .split('\n')
    .filter(Boolean)
    .map((line) => {
      const [method = '', path = '', status = '0', upstream = ''] = line.split(' ');
      return { method, path, status: Number(status), upstream };
    });
}

function accepts(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}
