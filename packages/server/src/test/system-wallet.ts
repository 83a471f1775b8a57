import { rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  createWalletHandler,
  FileKeystoreStore,
  provisionOrganisationWallet,
  WalletOperations,
} from '@scr/wallet';
import { testScryptN } from './factories.ts';
import { tempDir } from './temp-dir.ts';

/**
 * A system's own standalone ID wallet (what `npm run wallet` serves: the same handler and file
 * keystores), in this process on a free port, holding the organisation's key for one wallet
 * user of the system. Tests stop it with `close`.
 */
export async function startSystemWallet(organisationPrivateKey: string, userId: string) {
  const password = `system-password-${userId}`;
  const folder = tempDir('scr-system-wallet-');
  const store = new FileKeystoreStore(folder);
  await provisionOrganisationWallet({
    store,
    privateKey: organisationPrivateKey,
    scryptN: testScryptN,
    users: [{ userId, password, type: 'user' }],
  });
  const operations = new WalletOperations({ store, scryptN: testScryptN });
  const handle = createWalletHandler({ operations });
  const server: Server = createServer((request, response) => void handle(request, response));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    userId,
    password,
    close: async () => {
      await operations.close();
      await new Promise((resolve) => server.close(resolve));
      rmSync(folder, { recursive: true, force: true });
    },
  };
}
