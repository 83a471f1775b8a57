/**
 * The on-premise ID wallet: `npm run wallet` serves the wallet contract alone, with keystores as
 * files in its own folder. `npm run wallet -- init --user-id <portal user id>` creates the
 * organisation key and its first admin (password from WALLET_PASSWORD) and prints the address and
 * sealing public key to register with the portal.
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

if (positionals[0] === 'init') {
  const userId = values['user-id'];
  const password = env.WALLET_PASSWORD;
  if (!userId || !password || (values.type !== 'admin' && values.type !== 'user')) {
    process.stderr.write(
      'usage: WALLET_PASSWORD=… npm run wallet -- init --user-id <id> [--type admin|user]\n',
    );
    process.exit(2);
  }
  const keys = await provisionOrganisationWallet({
    store,
    users: [{ userId, password, type: values.type }],
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
    operations.close();
    server.close(() => process.exit(0));
  });
}
