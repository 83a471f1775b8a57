import { statementHash, type CustodyAction } from '@scr/domain';
import { expect } from 'vitest';
import { signedInOrganization } from '../../test/admin-kit.ts';
import {
  actingAs,
  connect,
  custodyCaller,
  custodyPath,
  releaseSnapshot,
  signCall,
  newPincode,
} from '../../test/custody.ts';
import { createRelease, releaseTerminal } from '../../test/factories-releases.ts';
import { startTestApp, type TestServer } from '../../test/start-app.ts';

/*
 * Test kit of the custody statement API tests (custody-statements-*.api.test.ts).
 *
 * DESIGN §3 "Pincodes, end to end" and "Statements and the custody ledger": the second call of
 * a custody action is applied only when its statement is signed by the acting organisation,
 * names this action (and target), was made within 5 minutes of the server's clock, was never
 * used before, and covers exactly the call's releases, versions and pincode ciphertexts. Each
 * refusal below also checks that nothing changed. Then: tampering with the stored ledger after
 * the fact is found by `verifyLedger`.
 */

/** An organisation of the test's own with two signed-in users (see `signedInOrganization`). */
export type Org = Awaited<ReturnType<typeof signedInOrganization>>;

const acting = actingAs;

type SignOptions = Parameters<typeof signCall>[3];
type Body = Awaited<ReturnType<typeof signCall>>;

/** The answer to a statement with `problem`: 400 statement_invalid naming it. */
export const invalid = (problem: string) => ({ status: 400, code: 'statement_invalid', problem });

/**
 * The statement files' cast and helpers. `start` starts the app and builds the cast: a carrier
 * and forwarders A and B, all three connected, and a terminal; `stop` stops the app. The
 * helpers act on them.
 */
export function statementKit() {
  let server: TestServer;
  let calls: ReturnType<typeof custodyCaller>;
  let carrier: Org;
  let a: Org;
  let b: Org;
  let terminal: string;

  async function start() {
    server = await startTestApp();
    calls = custodyCaller(server);
    [carrier, a, b] = await Promise.all([
      signedInOrganization(server, { role: 'carrier' }),
      signedInOrganization(server),
      signedInOrganization(server),
    ]);
    await connect(server.knex, carrier, a);
    await connect(server.knex, carrier, b);
    await connect(server.knex, a, b);
    terminal = await releaseTerminal(server.knex);
    return { server, calls, carrier, a, b, terminal };
  }

  const newRelease = () =>
    createRelease(server, carrier, { pickupLocation: terminal, pincode: newPincode() });

  const snapshot = (address: string) => releaseSnapshot(server.knex, address);

  const snapshots = (addresses: readonly string[]) => Promise.all(addresses.map(snapshot));

  /** The dry run and the signed body of an action by `org` (the dry run must find them all). */
  async function prepared(
    org: Org,
    action: CustodyAction,
    addresses: string[],
    target?: Org,
    options?: SignOptions,
  ) {
    const dryRun = await calls.dryRun(acting(org), action, addresses, target?.address);
    expect(dryRun.status, JSON.stringify(dryRun.body)).toBe(201);
    expect(dryRun.body.eligible_releases).toHaveLength(addresses.length);
    return { dryRun: dryRun.body, body: await signCall(acting(org), action, dryRun.body, options) };
  }

  const post = (org: Org, action: CustodyAction, body: unknown) =>
    calls.api(custodyPath[action], { method: 'POST', token: org.tokens[1], body });

  /**
   * Posts `body` and expects it refused with `code` (and, for statement_invalid, the named
   * problem), with nothing changed on any of `addresses`.
   */
  async function expectRefusedCall(
    org: Org,
    action: CustodyAction,
    body: unknown,
    addresses: readonly string[],
    expected: { status: number; code: string; problem?: string },
  ) {
    const before = await snapshots(addresses);
    const answer = await post(org, action, body);
    expect(answer.status, JSON.stringify(answer.body)).toBe(expected.status);
    expect(answer.body.data.code).toBe(expected.code);
    if (expected.problem) expect(answer.body.message).toContain(`(${expected.problem})`);
    expect(await snapshots(addresses)).toEqual(before);
    // The signed text was not recorded either: it is not burnt for later.
    const [recorded] = await server
      .knex('ledger_statements')
      .where({ hash: statementHash((body as Body).statement) })
      .count({ n: '*' });
    if (expected.code !== 'statement_replayed') expect(Number(recorded!.n)).toBe(0);
    return answer;
  }

  /** The genuine call still goes through afterwards: the refusal left the release as it was. */
  async function stillGoesThrough(
    org: Org,
    action: CustodyAction,
    addresses: string[],
    target?: Org,
  ) {
    const { body } = await prepared(org, action, addresses, target);
    const answer = await post(org, action, body);
    expect(answer.status, JSON.stringify(answer.body)).toBe(201);
    expect(answer.body.applied).toHaveLength(addresses.length);
  }

  return {
    start,
    stop: () => server?.stop(),
    newRelease,
    prepared,
    post,
    expectRefusedCall,
    stillGoesThrough,
  };
}
