import { io } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestServer } from '../../test/start-app.ts';

const expected = {
  name: 'Secure Container Release',
  version: expect.stringMatching(/^\d+\.\d+\.\d+/),
  environment: 'development',
  chatScriptUrl: 'https://chat.example.com/w.js',
  analyticsScriptUrl: null,
  supportEmail: 'support@portal.example',
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
