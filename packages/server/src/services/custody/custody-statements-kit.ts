import { custodyServicePaths, statementHash, type CustodyAction } from '@scr/domain';
import { expect } from 'vitest';
import { releaseSnapshot, signCall } from '../../test/custody.ts';
import { acting, castRelease, custodyCast, type Org } from './custody-test-kit.ts';

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

type SignOptions = Parameters<typeof signCall>[3];
type Body = Awaited<ReturnType<typeof signCall>>;

/** The answer to a statement with `problem`: 400 statement_invalid naming it. */
export const invalid = (problem: string) => ({ status: 400, code: 'statement_invalid', problem });

/**
 * The statement files' cast and helpers. Registers the file's `beforeAll` (it builds the cast: a
 * carrier and forwarders A and B, all three connected, and a terminal) and `afterAll` (it stops
 * the app). The helpers act on them.
 */
export function statementKit() {
  const cast = custodyCast([
    ['carrier', 'a'],
    ['carrier', 'b'],
    ['a', 'b'],
  ]);

  const newRelease = () => castRelease(cast);

  const snapshot = (address: string) => releaseSnapshot(cast.server.knex, address);

  const snapshots = (addresses: readonly string[]) => Promise.all(addresses.map(snapshot));

  /** The dry run and the signed body of an action by `org` (the dry run must find them all). */
  async function prepared(
    org: Org,
    action: CustodyAction,
    addresses: string[],
    target?: Org,
    options?: SignOptions,
  ) {
    const dryRun = await cast.calls.dryRun(acting(org), action, addresses, target?.address);
    expect(dryRun.status, JSON.stringify(dryRun.body)).toBe(201);
    expect(dryRun.body.eligible_releases).toHaveLength(addresses.length);
    return { dryRun: dryRun.body, body: await signCall(acting(org), action, dryRun.body, options) };
  }

  const post = (org: Org, action: CustodyAction, body: unknown) =>
    cast.calls.api(custodyServicePaths[action], { method: 'POST', token: org.tokens[1], body });

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
    const [recorded] = await cast.server
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
    cast,
    newRelease,
    prepared,
    post,
    expectRefusedCall,
    stillGoesThrough,
  };
}
