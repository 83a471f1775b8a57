import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { postWebhook, publicOnlyLookup } from './safe-post.ts';

describe('issue 14 item 5: webhooks never reach into a private network in production (SSRF)', () => {
  it('refuses a name that resolves to a loopback or private address', async () => {
    const error = await new Promise<NodeJS.ErrnoException | null>((resolve) =>
      publicOnlyLookup('localhost', {}, (failure) => resolve(failure)),
    );
    expect(error?.code).toBe('EPRIVATE');
  });

  it('refuses plain http and private literals in production before any connection', async () => {
    await expect(
      postWebhook('http://127.0.0.1:9/x', '{}', {}, { production: true }),
    ).rejects.toThrow('notHttps');
    await expect(postWebhook('https://10.0.0.8/x', '{}', {}, { production: true })).rejects.toThrow(
      'privateNetwork',
    );
  });

  it('outside production posts to the loopback receiver, follows no redirect, and gives up after its timeout', async () => {
    let got = '';
    const server = createServer((request, response) => {
      request.on('data', (chunk: Buffer) => (got += chunk.toString()));
      request.on('end', () => {
        if (request.url === '/slow') return; // never answers
        response
          .writeHead(request.url === '/moved' ? 302 : 200, { location: 'http://10.0.0.1/' })
          .end();
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    try {
      expect(
        await postWebhook(`${base}/ok`, '{"a":1}', { 'x-test': '1' }, { production: false }),
      ).toEqual({ status: 200 });
      expect(got).toBe('{"a":1}');
      expect(await postWebhook(`${base}/moved`, '{}', {}, { production: false })).toEqual({
        status: 302,
      });
      await expect(
        postWebhook(`${base}/slow`, '{}', {}, { production: false, timeoutMs: 200 }),
      ).rejects.toThrow('No answer');
    } finally {
      server.closeAllConnections();
      server.close();
    }
  });
});
