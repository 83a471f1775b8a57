import { request } from 'node:http';

/** A wallet answer, loose enough for assertions. */
export interface WalletReply {
  status: number;
  retryAfter: string | null;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- tests read loose JSON
  body: Record<string, any>;
}

/**
 * `POST {baseUrl}/wallet{path}` as a browser does, from the loopback address `from` (127.0.0.x:
 * each its own client for the unlock lock-out), with the wallet token as bearer.
 */
export function walletCall(
  baseUrl: string,
  path: string,
  body: unknown,
  { token, from = '127.0.0.1' }: { token?: string; from?: string } = {},
): Promise<WalletReply> {
  const url = new URL(`${baseUrl}/wallet${path}`);
  const payload = JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: url.hostname,
        port: url.port,
        path: url.pathname,
        method: 'POST',
        localAddress: from,
        headers: {
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(payload),
          ...(token ? { authorization: `Bearer ${token}` } : {}),
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          resolve({
            status: res.statusCode ?? 0,
            retryAfter: res.headers['retry-after'] ?? null,
            body: text ? (JSON.parse(text) as Record<string, unknown>) : {},
          });
        });
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}
