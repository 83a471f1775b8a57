import { randomBytes } from 'node:crypto';
import { rmSync } from 'node:fs';
import knexFactory, { type Knex } from 'knex';
import { startNginx, type Nginx } from './nginx.ts';
import { takePostgresDatabase } from './postgres-pool.ts';
import { startPrivateRedis, type PrivateRedis } from './private-redis.ts';
import { signIn } from './sign-in.ts';
import { startSmtpSink } from './smtp-sink.ts';
import { spawnServer, type ServerProcess } from './spawn-server.ts';
import { tempDir } from './temp-dir.ts';
import { waitFor } from './wait-for.ts';

/** One portal instance of a deployment: the built server as `npm run serve` runs it. */
export interface Instance {
  process: ServerProcess;
  port: number;
  /** The instance itself, past nginx (`http://127.0.0.1:<port>`). */
  url: string;
  /** `127.0.0.1:<port>`, as nginx's log names it. */
  upstream: string;
  dataDir: string;
}

export interface Deployment {
  /** The portal as its users reach it: through nginx. */
  url: string;
  nginx: Nginx;
  instances: Instance[];
  redis: PrivateRedis;
  /** The one PostgreSQL database every instance uses, for the test's factories and checks. */
  knex: Knex;
  databaseUrl: string;
  /** The environment every instance was started with (without its own DATA_DIR). */
  env: Record<string, string>;
  smtp: Awaited<ReturnType<typeof startSmtpSink>>;
  /** What the API test kits take (`baseUrl`, `knex`): the portal through nginx. */
  server: { baseUrl: string; knex: Knex };
  /** Signs a factory user in through nginx, as a browser does; answers its access token. */
  tokenFor(userId: number, password: string): Promise<string>;
  stop(): Promise<void>;
}

/**
 * The deployment of docs/production.md on one machine (issue 42 item 10): `instances` portal
 * processes (the built bundle) on one PostgreSQL database and one Redis server of the test's own,
 * behind Debian's nginx with the repository's configuration, mail to an SMTP sink, every
 * instance trusting nginx's `X-Forwarded-For` (`TRUST_PROXY`) and sharing the secrets a
 * deployment shares (`AUTH_SECRET`, `SERVER_PRIVATE_KEY`).
 */
export async function startDeployment(
  options: { instances?: number; env?: Record<string, string> } = {},
): Promise<Deployment> {
  const [database, redis, smtp] = await Promise.all([
    takePostgresDatabase(),
    startPrivateRedis(),
    startSmtpSink(),
  ]);
  if (!database) throw new Error('a deployment needs the PostgreSQL projects (TEST_DATABASE_URL)');
  const shared = {
    DATABASE_URL: database.url,
    REDIS_URL: redis.url,
    AUTH_SECRET: randomBytes(32).toString('hex'),
    SERVER_PRIVATE_KEY: `0x${randomBytes(32).toString('hex')}`,
    // nginx is the one hop in front (the test's own client shares its loopback address, so a
    // list of proxy addresses would trust the client too).
    TRUST_PROXY: '1',
    DEMO_DATA: 'false',
    LOG_LEVEL: 'info',
    ...smtp.env,
    ...options.env,
  };
  const dataDirs = Array.from({ length: options.instances ?? 2 }, () => tempDir('scr-instance-'));
  const processes = dataDirs.map((dataDir) => spawnServer({ ...shared, DATA_DIR: dataDir }));
  const ports = await Promise.all(processes.map((process) => process.port()));
  const instances: Instance[] = processes.map((process, index) => ({
    process,
    port: ports[index]!,
    url: `http://127.0.0.1:${ports[index]}`,
    upstream: `127.0.0.1:${ports[index]}`,
    dataDir: dataDirs[index]!,
  }));
  const nginx = await startNginx(ports);
  for (const instance of instances) {
    await waitFor(`instance ${instance.upstream} to be ready`, async () => {
      const response = await fetch(`${instance.url}/health`).catch(() => null);
      return response?.status === 200;
    });
  }
  const knex = knexFactory({ client: 'pg', connection: database.url, pool: { min: 0, max: 4 } });
  const url = nginx.url;
  return {
    url,
    nginx,
    instances,
    redis,
    knex,
    databaseUrl: database.url,
    env: shared,
    smtp,
    server: { baseUrl: url, knex },
    async tokenFor(userId, password) {
      const answer = await signIn(url, userId, password);
      return answer.accessToken as string;
    },
    async stop() {
      await nginx.stop();
      for (const instance of instances) {
        if (instance.process.child.exitCode === null) instance.process.child.kill('SIGTERM');
      }
      await Promise.all(instances.map((instance) => instance.process.exited));
      await knex.destroy();
      await Promise.all([redis.stop(), smtp.close()]);
      await database.release();
      for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** The instance nginx sent the last logged request for `path` to (after the request ended). */
export function upstreamOf(deployment: Deployment, method: string, path: string): string {
  const logged = deployment.nginx
    .requests()
    .filter((request) => request.method === method && request.path.startsWith(path));
  const last = logged.at(-1);
  if (!last) throw new Error(`nginx logged no ${method} ${path}`);
  return last.upstream;
}
