import { servicePaths } from '@scr/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestServer } from '../test/start-app.ts';

describe('issue 10 item 2: the server registers every service under the contract path', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestApp();
  });
  afterAll(() => server?.stop());

  it.each(Object.entries(servicePaths))('%s is served at /api/%s', (_name, path) => {
    const services = server.portal.app.services as unknown as Record<string, unknown>;
    expect(services[path]).toBeDefined();
  });
});
