import {
  PcsRejectedError,
  PcsUnavailableError,
  type PcsAdapter,
  type PcsMessage,
  type PcsReleaseAnswer,
} from './pcs-adapter.ts';

/** Where the PCS is and how the portal signs in to it (config `PCS_URL`, `PCS_USERNAME`…). */
export interface PcsEndpoint {
  url: string;
  username: string;
  password: string;
  /** An answer slower than this is treated as no answer (the message is sent again later). */
  timeoutMs: number;
}

/** Answers that mean "try again later"; any other 4xx refuses the message. */
const retryable = new Set([401, 403, 408, 425, 429]);

/** The PcsAdapter over HTTP (the contract in `pcs-adapter.ts`), for the real PCS and the stand-in. */
export function httpPcs(endpoint: () => PcsEndpoint): PcsAdapter {
  return {
    async send(message: PcsMessage): Promise<PcsReleaseAnswer[]> {
      const { url, username, password, timeoutMs } = endpoint();
      let response: Response;
      try {
        response = await fetch(`${url.replace(/\/+$/, '')}/v1/messages`, {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            authorization: `Basic ${Buffer.from(`${username}:${password}`).toString('base64')}`,
            'idempotency-key': message.messageId,
          },
          body: JSON.stringify(message),
          signal: AbortSignal.timeout(timeoutMs),
        });
      } catch (error) {
        const timedOut = error instanceof Error && error.name === 'TimeoutError';
        throw new PcsUnavailableError(
          timedOut ? `the PCS did not answer within ${timeoutMs} ms` : 'the PCS cannot be reached',
        );
      }
      const text = await response.text().catch(() => '');
      if (response.status >= 500 || retryable.has(response.status)) {
        throw new PcsUnavailableError(`the PCS answered ${response.status}`);
      }
      if (!response.ok) {
        throw new PcsRejectedError(
          `the PCS refused the message (${response.status}): ${errorText(text)}`,
        );
      }
      return readResults(text, message);
    },
  };
}

/** The PCS's error text, short and printable, for the report. */
function errorText(body: string): string {
  try {
    const parsed = JSON.parse(body) as { message?: unknown };
    if (typeof parsed.message === 'string') return parsed.message.slice(0, 300);
  } catch {
    // not JSON
  }
  return body.replace(/[^\x20-\x7e]/g, '').slice(0, 300);
}

/** The answer's results, one per release sent; anything else is a PCS that is not working. */
function readResults(body: string, message: PcsMessage): PcsReleaseAnswer[] {
  let parsed: unknown;
  try {
    parsed = JSON.parse(body);
  } catch {
    throw new PcsUnavailableError('the PCS answered something that is not JSON');
  }
  const results = (parsed as { results?: unknown }).results;
  if (!Array.isArray(results)) throw new PcsUnavailableError('the PCS answered no results');
  const byAddress = new Map<string, PcsReleaseAnswer>();
  for (const item of results as Record<string, unknown>[]) {
    if (typeof item?.address !== 'string') continue;
    if (item.status !== 'accepted' && item.status !== 'refused') continue;
    byAddress.set(item.address.toLowerCase(), {
      address: item.address,
      status: item.status,
      ...(typeof item.reference === 'string' ? { reference: item.reference.slice(0, 200) } : {}),
      ...(typeof item.code === 'string' ? { code: item.code.slice(0, 100) } : {}),
      ...(typeof item.message === 'string' ? { message: item.message.slice(0, 300) } : {}),
    });
  }
  const answers = message.releases.map((release) => byAddress.get(release.address.toLowerCase()));
  if (answers.some((answer) => !answer)) {
    throw new PcsUnavailableError('the PCS did not answer for every release');
  }
  return answers as PcsReleaseAnswer[];
}
