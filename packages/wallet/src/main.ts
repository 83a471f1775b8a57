/**
 * The on-premise ID wallet: `npm run wallet` serves the wallet contract alone, with keystores as
 * files in its own folder. `npm run wallet -- init` creates the organisation key and its first
 * wallet admin (password from WALLET_PASSWORD; named `admin` unless `--user-id` names it, e.g.
 * after a portal user who signs in with it) and prints the address and sealing public key that
 * support registers in the organisation's dialog, and that wallet user's id and personal sign-in
 * address. A system unlocks with that id and password; nothing of the portal is needed first.
 * `npm run wallet -- user-address --user-id <id>` prints a wallet user's sign-in address (making
 * the key for a user made before personal keys), for the organisation to register with the portal.
 */
import { createServer } from 'node:http';
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { FileKeystoreStore } from './file-keystore-store.ts';
import { createWalletHandler } from './http.ts';
import { WalletOperations } from './operations.ts';
import { provisionOrganisationWallet } from './provision.ts';

const env = process.env;
const dataDir = resolve(env.WALLET_DATA_DIR ?? './wallet-data');
const store = new FileKeystoreStore(resolve(dataDir, 'keystores'));
const log = (level: string, message: string, detail?: unknown) =>
  process.stdout.write(
    `${JSON.stringify({ level, time: new Date().toISOString(), msg: message, err: detail instanceof Error ? detail.message : undefined })}\n`,
  );

const { positionals, values } = parseArgs({
  allowPositionals: true,
  options: { 'user-id': { type: 'string' }, type: { type: 'string', default: 'admin' } },
});

const usage = () => {
  process.stderr.write(
    'usage: WALLET_PASSWORD=… npm run wallet -- init [--user-id <id>] [--type admin|user]\n' +
      '       WALLET_PASSWORD=… npm run wallet -- user-address --user-id <id>\n',
  );
  process.exit(2);
};

if (positionals[0] === 'user-address') {
  const userId = values['user-id'];
  if (!userId || !env.WALLET_PASSWORD) usage();
  const operations = new WalletOperations({ store, log });
  try {
    const unlocked = await operations.unlock({ userId, password: env.WALLET_PASSWORD }, 'cli');
    await operations.lock(unlocked.token);
    process.stdout.write(`${JSON.stringify({ userId, userAddress: unlocked.userAddress })}\n`);
    process.exit(0);
  } catch (error) {
    process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(1);
  }
}

/** The first wallet user's id when `init` is given none: a system's wallet needs no portal id. */
const defaultInitUserId = 'admin';

if (positionals[0] === 'init') {
  const userId = values['user-id'] ?? defaultInitUserId;
  const password = env.WALLET_PASSWORD;
  if (!password || (values.type !== 'admin' && values.type !== 'user')) usage();
  const keys = await provisionOrganisationWallet({
    store,
    users: [{ userId, password: password!, type: values.type as 'admin' | 'user' }],
  });
  process.stdout.write(`${JSON.stringify(keys)}\n`);
  process.exit(0);
}

const port = Number(env.WALLET_PORT ?? 3040);
if (!Number.isInteger(port) || port < 0 || port > 65_535) {
  process.stderr.write(`WALLET_PORT must be a port number, not "${env.WALLET_PORT}"\n`);
  process.exit(1);
}
const allowedOrigins = (env.WALLET_ALLOWED_ORIGINS ?? env.PUBLIC_URL ?? 'http://localhost:3030')
  .split(',')
  .map((origin) => origin.trim().replace(/\/$/, ''))
  .filter(Boolean);
const ttlMinutes = Number(env.WALLET_TOKEN_TTL_MINUTES ?? 30);
const operations = new WalletOperations({ store, ttlMs: ttlMinutes * 60_000, log });
const server = createServer(createWalletHandler({ operations, allowedOrigins }));

server.listen(port, env.WALLET_HOST ?? '0.0.0.0', () => {
  const address = server.address();
  const bound = typeof address === 'object' && address ? address.port : port;
  log('info', `wallet listening on port ${bound}`, undefined);
});

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    void operations.close().finally(() => server.close(() => process.exit(0)));
  });
}
