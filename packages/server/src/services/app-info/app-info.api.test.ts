import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { getAddress, Wallet } from 'ethers';
import { io } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestServer } from '../../test/start-app.ts';
import type { AppInfo } from './app-info.schema.ts';

const expected = {
  name: 'Secure Container Release',
  version: expect.stringMatching(/^\d+\.\d+\.\d+/),
  environment: 'development',
  chatScriptUrl: 'https://chat.example.com/w.js',
  analyticsScriptUrl: null,
  supportEmail: 'support@portal.example',
  serverAddress: expect.stringMatching(/^0x[0-9a-fA-F]{40}$/),
};

describe('app-info', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestApp({
      env: {
        CHAT_SCRIPT_URL: 'https://chat.example.com/w.js',
        SUPPORT_EMAIL: 'support@portal.example',
      },
    });
  });
  afterAll(() => server?.stop());

  it("publishes the server's signing address: a key kept in the data folder (0600), or SERVER_PRIVATE_KEY (DESIGN §3)", async () => {
    const answer = (await (await fetch(`${server.baseUrl}/api/app-info`)).json()) as AppInfo;
    expect(answer.serverAddress).toBe(getAddress(answer.serverAddress));
    const file = join(server.dataDir, 'server-key');
    expect(new Wallet(readFileSync(file, 'utf8').trim()).address).toBe(answer.serverAddress);
    expect(statSync(file).mode & 0o777).toBe(0o600);

    const key = Wallet.createRandom();
    const configured = await startTestApp({ env: { SERVER_PRIVATE_KEY: key.privateKey } });
    try {
      const info = (await (await fetch(`${configured.baseUrl}/api/app-info`)).json()) as AppInfo;
      expect(info.serverAddress).toBe(key.address);
    } finally {
      await configured.stop();
    }
  });

  it('answers GET /api/app-info without signing in', async () => {
    const response = await fetch(`${server.baseUrl}/api/app-info`);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual(expected);
  });

  it('answers over socket.io under the unprefixed service name', async () => {
    const socket = io(server.baseUrl, { transports: ['websocket'], forceNew: true });
    try {
      // Feathers acknowledges with (error, result).
      const answer = await new Promise((resolve) =>
        socket.emit('find', 'app-info', {}, (...args: unknown[]) => resolve(args)),
      );
      expect(answer).toEqual([null, expected]);
    } finally {
      socket.disconnect();
    }
  });

  it('refuses other methods with 405 method_not_allowed', async () => {
    const response = await fetch(`${server.baseUrl}/api/app-info`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{}',
    });
    expect(response.status).toBe(405);
    expect(await response.json()).toMatchObject({ data: { code: 'method_not_allowed' } });
  });
});
