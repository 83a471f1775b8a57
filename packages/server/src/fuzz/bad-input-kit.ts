/**
 * Test kit of the issue 9 §7 "No 5xx on bad input" fuzz files (bad-input-*.api.test.ts): seeded
 * fuzz tests that send malformed requests to every registered service and method (hostile ids,
 * query strings and JSON bodies), to hostile route names and to the cloud wallet, signed in as
 * several kinds of caller, and check that no answer is a 5xx and none carries a stack or SQL
 * text. `FUZZ_SEED` replays a run, `FUZZ_RUNS` sets how many random calls it makes;
 * `FUZZ_SURVEY=1` counts every bad answer instead of stopping at the first (the numbers of the
 * issue's note).
 */
import { randomInt } from 'node:crypto';
import { rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { expect } from 'vitest';
import { apiCaller, signedInOrganization, type SignedInOrganization } from '../test/admin-kit.ts';
import { factoryPassword } from '../test/factories.ts';
import { createRelease, releaseTerminal } from '../test/factories-releases.ts';
import { startTestApp, tempDir, type TestServer } from '../test/start-app.ts';

export const seed = process.env.FUZZ_SEED ? Number(process.env.FUZZ_SEED) : randomInt(2 ** 31);
export const survey = process.env.FUZZ_SURVEY === '1';
/**
 * Runs of the random properties; the sweep adds a fixed set per service and method. Every run
 * draws a new seed, so successive runs cover new ground; `FUZZ_RUNS` raises the count for a
 * longer hunt (e.g. `FUZZ_RUNS=20000`).
 */
const serviceRuns = process.env.FUZZ_RUNS ? Number(process.env.FUZZ_RUNS) : 800;
export const runs = { services: serviceRuns, routes: 250, wallet: 250 };

/** What an answer must never carry (issue 9 §7: no stack or SQL text). */
const leak =
  /\n\s+at\s|"stack"|\bselect\b[^"]*\bfrom\b|insert into|delete from|\bupdate\s+"|syntax error|violates|duplicate key|relation "|invalid byte sequence|invalid input syntax|node_modules|\.ts:\d+:\d+/i;

export interface Call {
  method: string;
  url: string;
  auth: string | null;
  body?: string;
  contentType?: string;
}

function describeCall(call: Call): string {
  const body = call.body === undefined ? '' : ` ${JSON.stringify(call.body.slice(0, 300))}`;
  return `${call.method} ${call.url.slice(0, 300)}${body} [auth ${call.auth ? call.auth.slice(0, 12) : 'none'}]`;
}

type Org = SignedInOrganization;

/** The app and the people and rows of one fuzz file. */
export interface FuzzCast {
  server: TestServer;
  /** Authorization headers: nobody, people of each kind, a machine, garbage. */
  callers: Array<string | null>;
  walletTokens: string[];
  carrier: Org;
  other: Org;
  releases: Array<Awaited<ReturnType<typeof createRelease>>>;
  terminalCode: string;
}

async function castOf(server: TestServer): Promise<FuzzCast> {
  const api = apiCaller(server);
  const [carrier, terminal, other, desk] = await Promise.all([
    signedInOrganization(server, { role: 'carrier' }),
    signedInOrganization(server, { role: 'terminal' }),
    signedInOrganization(server),
    signedInOrganization(server, { users: [{ isSupport: true }] }),
  ]);
  const terminalCode = await releaseTerminal(server.knex);
  const releases = await Promise.all([
    createRelease(server, carrier, { pincode: '1234' }),
    createRelease(server, carrier),
  ]);
  const key = await api('api-keys', {
    method: 'POST',
    token: carrier.tokens[0],
    body: { name: 'fuzz gateway', scopes: ['releases:read', 'releases:write'] },
  });
  expect(key.status).toBe(201);
  const callers = [
    null,
    `Bearer ${carrier.tokens[0]}`,
    `Bearer ${carrier.tokens[1]}`,
    `Bearer ${terminal.tokens[0]}`,
    `Bearer ${other.tokens[0]}`,
    `Bearer ${desk.tokens[0]}`,
    `ApiKey ${key.body.key}`,
    'Bearer not.a.jwt',
    'ApiKey scr_zz_00',
    'Basic Og==',
  ];
  const unlocked = await fetch(`${server.baseUrl}/wallet/unlock`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ userId: String(carrier.users[1]!.id), password: factoryPassword }),
  });
  const walletTokens = [((await unlocked.json()) as { token: string }).token, 'no-such-token'];
  return { server, callers, walletTokens, carrier, other, releases, terminalCode };
}

/**
 * One fuzz file's app, cast and tally (state per file, since the server's files share one
 * module graph per worker). `start` starts the app and builds the cast; `send` sends one request
 * and records a bad answer; `check` runs a property with the seed; `stop` reports and stops.
 */
export function fuzzKit(subject: string) {
  let webDist: string | undefined;
  let server: TestServer | undefined;
  let sent = 0;
  const bad: string[] = [];

  /** Sends one request; answers true when the answer is acceptable, recording it when not. */
  async function send(call: Call): Promise<boolean> {
    sent += 1;
    const headers: Record<string, string> = {};
    if (call.auth) headers.authorization = call.auth;
    if (call.body !== undefined) headers['content-type'] = call.contentType ?? 'application/json';
    let status: number;
    let text: string;
    try {
      const response = await fetch(`${server!.baseUrl}${call.url}`, {
        method: call.method,
        headers,
        body: call.body,
      });
      status = response.status;
      text = await response.text();
    } catch (error) {
      status = 0;
      text = String(error);
    }
    const problem =
      status === 0
        ? `no answer: ${text}`
        : status >= 500
          ? `${status} ${text.slice(0, 200)}`
          : leak.test(text)
            ? `leak ${status} ${text.slice(0, 300)}`
            : null;
    if (!problem) return true;
    bad.push(`${describeCall(call)} → ${problem}`);
    return survey;
  }

  function check(name: string, property: fc.IAsyncProperty<[Call]>, numRuns: number) {
    return fc.assert(property, { seed, numRuns, endOnFailure: survey }).catch((error: unknown) => {
      // eslint-disable-next-line no-console -- a test harness: the seed that replays the failure
      console.error(`issue 9 §7 fuzz (${name}) failed with FUZZ_SEED=${seed}`);
      throw error;
    });
  }

  async function start(): Promise<FuzzCast> {
    // A built web app, as in production: `/api/%2e%2e` is `/` once the client resolves it.
    webDist = tempDir('scr-fuzz-web-');
    writeFileSync(join(webDist, 'index.html'), '<!doctype html><title>portal</title>');
    server = await startTestApp({ env: { WEB_DIST: webDist } });
    return castOf(server);
  }

  async function stop() {
    if (bad.length > 0 || survey) {
      // eslint-disable-next-line no-console -- a test harness: the bad answers and the seed
      console.error(
        `issue 9 §7 fuzz (${subject}): ${sent} requests, ${bad.length} bad answers (FUZZ_SEED=${seed})\n${bad.slice(0, 200).join('\n')}`,
      );
    }
    await server?.stop();
    if (webDist) rmSync(webDist, { recursive: true, force: true });
  }

  return { start, stop, send, check, bad, sent: () => sent };
}
