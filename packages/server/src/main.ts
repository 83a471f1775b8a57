/**
 * The server's command-line entry (`npm run serve`): reads the environment, starts the portal,
 * and stops it cleanly on SIGINT or SIGTERM. Exits 1 on bad configuration or when another
 * process holds the data folder.
 */
import type { PortalServer } from './app.ts';
import { ConfigError, loadConfig } from './config.ts';
import { DataDirLockedError, liveHolderOf } from './db/data-dir-lock.ts';

function fail(message: string): never {
  process.stderr.write(`${message}\n`);
  process.exit(1);
}

let config;
try {
  config = loadConfig();
} catch (error) {
  if (error instanceof ConfigError) fail(`Invalid configuration: ${error.message}`);
  throw error;
}

// The portal's modules load only once the settings are known good and the data folder is free:
// either problem is reported in a fraction of a second, not after the whole server has loaded.
// (The lock itself is taken when the database opens, below.)
const holder = config.databaseUrl ? null : liveHolderOf(config.dataDir);
if (holder !== null) fail(new DataDirLockedError(config.dataDir, holder).message);
const [{ createApp }, { demoAccounts, demoPassword, formatDemoAccounts }, { createLogger }] =
  await Promise.all([import('./app.ts'), import('./demo/demo-accounts.ts'), import('./logger.ts')]);
const logger = createLogger(config.logLevel);
let portal: PortalServer;
try {
  portal = createApp(config, { logger });
} catch (error) {
  if (error instanceof DataDirLockedError) {
    logger.fatal({ pid: error.pid, dataDir: error.dataDir }, error.message);
    fail(error.message);
  }
  throw error;
}

process.on('unhandledRejection', (reason) => logger.error({ err: reason }, 'unhandled rejection'));

/**
 * The first SIGTERM or SIGINT stops the portal cleanly (app.ts `stop`); whatever is still pending
 * 10 s later, the process exits, and a second signal exits at once. Either way the data folder's
 * lock goes with the process (database.ts releases it on exit).
 */
const stopDeadlineMs = 10_000;
let stopping = false;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    if (stopping) {
      logger.warn({ signal }, 'second signal: exiting at once');
      process.exit(1);
    }
    stopping = true;
    logger.info({ signal }, 'stopping');
    setTimeout(() => {
      logger.error({ afterMs: stopDeadlineMs }, 'could not stop in time: exiting');
      process.exit(1);
    }, stopDeadlineMs);
    portal.stop().then(
      () => {
        logger.info('stopped');
        process.exit(0);
      },
      (error: unknown) => {
        logger.error({ err: error }, 'failed to stop cleanly');
        process.exit(1);
      },
    );
  });
}

let port: number;
try {
  ({ port } = await portal.start());
} catch (error) {
  logger.fatal({ err: error }, 'could not start');
  await portal.stop().catch(() => undefined);
  fail(`Could not listen on ${config.host}:${config.port}: ${(error as Error).message}`);
}
logger.info({ url: config.publicUrl, port }, 'portal started');
if (config.demoData) {
  // Once the demo world is there (at once on PGlite; when PostgreSQL is reachable otherwise).
  void portal.ready.then(() => {
    logger.info({ accounts: demoAccounts, demoPassword }, 'demo mode: demo accounts');
    // The person at the terminal reads this block; the JSON line above is for log collectors.
    process.stdout.write(`\n${formatDemoAccounts()}\nOpen ${config.publicUrl}\n\n`);
  });
}
