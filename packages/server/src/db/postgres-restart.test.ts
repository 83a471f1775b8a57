import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInOrganization } from '../test/admin-kit.ts';
import { createBillOfLading } from '../test/factories-overview.ts';
import { startPrivatePostgres, type PrivatePostgres } from '../test/private-postgres.ts';
import { startTestApp, type TestServer } from '../test/start-app.ts';
import { waitFor } from '../test/wait-for.ts';

interface Answer {
  status: number;
  body: string;
  at: number;
}

/**
 * Issue 42 item 11, the first fault: PostgreSQL restarted under load. A cluster of the test's own
 * (test/private-postgres.ts), an app on it, requests kept going from four clients while the
 * cluster restarts (`pg_ctl restart -m fast`: every connection cut, new ones refused while it
 * stops and starts). Meanwhile the answers are 503 `database_unavailable` with its translation key,
 * never a 500 or a stack; after it the same requests succeed, the app never restarted.
 */
describe('issue 42 item 11: PostgreSQL restarted under load', { timeout: 120_000 }, () => {
  let postgres: PrivatePostgres;
  let server: TestServer;
  let token: string;
  beforeAll(async () => {
    postgres = await startPrivatePostgres();
    server = await startTestApp({ databaseUrl: postgres.url });
    const carrier = await signedInOrganization(server, { role: 'carrier' });
    token = carrier.tokens[0]!;
    await createBillOfLading(server.knex, { carrierId: carrier.id, releases: [{}, {}, {}] });
  });
  afterAll(async () => {
    await server?.stop();
    await postgres?.remove();
  });

  /** One overview request: authentication (a statement) and the page (two). */
  async function overview(): Promise<Answer> {
    const response = await fetch(`${server.baseUrl}/api/containers`, {
      headers: { authorization: `Bearer ${token}` },
      signal: AbortSignal.timeout(15_000),
    });
    return { status: response.status, body: await response.text(), at: performance.now() };
  }

  it('answers 503 database_unavailable meanwhile, and serves again after, by itself', async () => {
    expect((await overview()).status).toBe(200);
    const answers: Answer[] = [];
    let going = true;
    const clients = Array.from({ length: 4 }, async () => {
      while (going) answers.push(await overview());
    });

    await waitFor('a few answers before the restart', () => answers.length >= 8);
    const restarting = performance.now();
    await postgres.restart();
    const restarted = performance.now();
    await waitFor(
      'requests to succeed again',
      () => answers.some((answer) => answer.at > restarted && answer.status === 200),
      { timeoutMs: 20_000 },
    );
    const recovered = answers.find((answer) => answer.at > restarted && answer.status === 200)!;
    going = false;
    await Promise.all(clients);

    const during = answers.filter((answer) => answer.at > restarting && answer.at < recovered.at);
    expect(new Set(answers.map((answer) => answer.status))).toEqual(new Set([200, 503]));
    expect(during.filter((answer) => answer.status === 503).length).toBeGreaterThan(0);
    for (const answer of answers.filter(({ status }) => status === 503)) {
      expect(JSON.parse(answer.body)).toMatchObject({
        code: 503,
        message: 'The database cannot be reached right now. Please try again shortly.',
        data: { code: 'database_unavailable', key: 'backend.error.database_unavailable' },
      });
      expect(answer.body).not.toMatch(/stack|at .*\.(ts|js):\d+|select |ECONNREFUSED|57P01/i);
    }
    // Back within seconds of the server's return, with no restart of the app.
    expect(recovered.at - restarted).toBeLessThan(10_000);
    expect((await overview()).status).toBe(200);
    expect((await fetch(`${server.baseUrl}/health/ready`)).status).toBe(200);
  });
});
