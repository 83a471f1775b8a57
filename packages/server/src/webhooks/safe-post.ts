import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import { request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';
import type { LookupFunction } from 'node:net';
import { isPublicAddress, webhookUrlProblem } from '@scr/domain';

/** What a receiver answered: its HTTP status. */
export interface PostAnswer {
  status: number;
}

/**
 * Resolves like `dns.lookup`, but refuses a name any of whose addresses is not public, so a
 * public name that resolves into the portal's own network (or is re-pointed there after the
 * endpoint was registered) is never called: the connection uses exactly the checked address.
 */
export const publicOnlyLookup: LookupFunction = (hostname, options, callback) => {
  dnsLookup(hostname, { ...options, all: true }, (error, found) => {
    if (error) return callback(error, '', 0);
    const addresses = found as unknown as LookupAddress[];
    if (addresses.length === 0 || addresses.some((a) => !isPublicAddress(a.address))) {
      return callback(
        Object.assign(new Error(`${hostname} resolves to a private network address`), {
          code: 'EPRIVATE',
        }),
        '',
        0,
      );
    }
    if ((options as { all?: boolean }).all) {
      return (callback as unknown as (e: null, a: LookupAddress[]) => void)(null, addresses);
    }
    callback(null, addresses[0]!.address, addresses[0]!.family);
  });
};

/**
 * POSTs a webhook body (issue 14 item 5): only to a URL domain `webhookUrlProblem` accepts; in
 * production only to public addresses (`publicOnlyLookup`); never following a redirect; given
 * up after `timeoutMs` or when `signal` aborts. Answers the status; a network failure rejects.
 */
export function postWebhook(
  url: string,
  body: string,
  headers: Record<string, string>,
  options: { production: boolean; timeoutMs?: number; signal?: AbortSignal },
): Promise<PostAnswer> {
  const problem = webhookUrlProblem(url, { production: options.production });
  if (problem) return Promise.reject(new Error(`The endpoint URL is refused (${problem})`));
  const target = new URL(url);
  const send = target.protocol === 'https:' ? httpsRequest : httpRequest;
  const timeoutMs = options.timeoutMs ?? 10_000;
  return new Promise<PostAnswer>((resolve, reject) => {
    const request = send(
      target,
      {
        method: 'POST',
        agent: false,
        headers: {
          'content-type': 'application/json',
          'content-length': String(Buffer.byteLength(body)),
          'user-agent': 'SCR-Portal-Webhooks/1',
          ...headers,
        },
        ...(options.production ? { lookup: publicOnlyLookup } : {}),
      },
      (response) => {
        // The body is not kept: only the status decides.
        response.resume();
        response.on('end', () => resolve({ status: response.statusCode ?? 0 }));
        response.on('error', reject);
      },
    );
    const timer = setTimeout(
      () => request.destroy(new Error(`No answer within ${timeoutMs / 1000} s`)),
      timeoutMs,
    );
    const abort = () => request.destroy(new Error('The delivery was stopped'));
    options.signal?.addEventListener('abort', abort, { once: true });
    request.on('close', () => {
      clearTimeout(timer);
      options.signal?.removeEventListener('abort', abort);
    });
    request.on('error', reject);
    request.end(body);
  });
}
