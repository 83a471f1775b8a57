import {
  custodyServicePaths,
  pincodeHash,
  pincodeMessages,
  refusalMessages,
  type CustodyAction,
  type CustodyDryRunAnswer,
  type CustodyRefusal,
} from '@scr/domain';
import { expect } from 'vitest';
import { releaseSnapshot, signCall } from '../../test/custody.ts';
import { acting, castRelease, custodyCast, type Org } from './custody-test-kit.ts';

/*
 * Test kit of the custody refusal API tests (custody-refusals-*.api.test.ts).
 *
 * Releases spec §4 "Action rules" (column "Refused by the server for"), "Effects" and
 * "Pincode eligibility"; §5 "Transfer"; §6 (only the owner acts; canTransferRevoke; the
 * finalised connection); §8 (the error codes and per-release reasons). Each rule is checked
 * through the real API twice: the dry run lists the release under `refused` with its reason,
 * and a signed second call made while the release was still eligible, arriving after it became
 * ineligible, answers 409 release_conflict and changes nothing (DESIGN §3).
 */

/** What the server answers as the English text of a refusal (§4 "Pincode eligibility" for pincodes). */
const textOf = (action: CustodyAction, reason: CustodyRefusal) =>
  action === 'pincode' && reason in pincodeMessages
    ? pincodeMessages[reason as keyof typeof pincodeMessages]
    : refusalMessages[reason as keyof typeof refusalMessages];

/**
 * The refusal files' cast and helpers. Registers the file's `beforeAll` (it builds the cast: a
 * carrier with Secure Pick-up and forwarders A, B and C, connected carrier–A, carrier–B, A–B,
 * A–C and B–C, and a terminal without Secure Pick-up) and `afterAll` (it stops the app). The
 * helpers act on them.
 */
export function refusalKit() {
  const cast = custodyCast(
    [
      ['carrier', 'a'],
      ['carrier', 'b'],
      ['a', 'b'],
      ['a', 'c'],
      ['b', 'c'],
    ],
    // Releases spec §6: Secure Pick-up needs the carrier enabled as well as the terminal; the
    // secure pick-up rows (custody-refusals-pincode) use a terminal with it, the others one
    // without.
    ({ server, carrier }) =>
      server
        .knex('organizations')
        .where({ id: carrier.id })
        .update({ secure_pickup_enabled: true }),
  );

  /** A release of the carrier's own, with a pincode, at the test terminal unless told. */
  const newRelease = (fields: { pickupLocation?: string; pincode?: string } = {}) =>
    castRelease(cast, fields);

  /** Both calls of an action that must go through. */
  async function act(org: Org, action: CustodyAction, addresses: string[], target?: Org) {
    const result = await cast.calls.act(acting(org), action, addresses, target?.address);
    expect(result.dryRun.body.refused, JSON.stringify(result.dryRun.body)).toEqual([]);
    expect(result.applied.status, JSON.stringify(result.applied.body)).toBe(201);
    return result.applied.body;
  }

  const snapshot = (address: string) => releaseSnapshot(cast.server.knex, address);

  /** The dry run lists the release as refused, with the reason and its English text, and nothing else. */
  async function expectRefused(
    org: Org,
    action: CustodyAction,
    address: string,
    reason: CustodyRefusal,
    target?: Org,
  ) {
    const answer = await cast.calls.dryRun(acting(org), action, [address], target?.address);
    expect(answer.status, JSON.stringify(answer.body)).toBe(201);
    expect(answer.body.eligible_releases).toEqual([]);
    expect(answer.body.refused).toEqual([
      expect.objectContaining({ address, reason, error: textOf(action, reason) }),
    ]);
    return answer.body.refused[0];
  }

  /**
   * The dry run finds the release eligible and the organisation signs; then `change` makes it
   * ineligible; the signed call answers 409 release_conflict naming the reason and changes
   * nothing; and a new dry run refuses the release for that reason.
   */
  async function expectConflict(
    org: Org,
    action: CustodyAction,
    address: string,
    reason: CustodyRefusal,
    change: () => Promise<unknown>,
    target?: Org,
  ) {
    const first = await cast.calls.dryRun(acting(org), action, [address], target?.address);
    expect(first.status, JSON.stringify(first.body)).toBe(201);
    expect(first.body.refused).toEqual([]);
    expect(first.body.eligible_releases.map((r: { address: string }) => r.address)).toEqual([
      address,
    ]);
    const body = await signCall(acting(org), action, first.body);
    await change();
    const before = await snapshot(address);
    const applied = await cast.calls.api(custodyServicePaths[action], {
      method: 'POST',
      token: org.tokens[1],
      body,
    });
    expect(applied.status, JSON.stringify(applied.body)).toBe(409);
    expect(applied.body.data.code).toBe('release_conflict');
    expect(applied.body.data.fields).toEqual({ [address]: expect.stringMatching(`\\.${reason}$`) });
    expect(await snapshot(address)).toEqual(before);
    await expectRefused(org, action, address, reason, target);
  }

  /**
   * A dry-run answer made up from the database, as a forged browser would sign it: the release at
   * its current version with the caller's own pincode copy (null without one).
   */
  async function forgedDryRun(
    org: Org,
    action: CustodyAction,
    address: string,
    target?: Org,
  ): Promise<CustodyDryRunAnswer> {
    const release = await cast.server.knex('releases').where({ address }).first('id', 'version');
    const copy = release
      ? await cast.server
          .knex('release_pincodes')
          .where({ release_id: release.id, organization_id: org.id })
          .first('encrypted_pincode')
      : undefined;
    const encryptedPincode: string | null = copy?.encrypted_pincode ?? null;
    return {
      action,
      eligible_releases: [
        {
          address,
          blNumber: 'X',
          containerNumber: 'X',
          version: release?.version ?? 1,
          encryptedPincode: action === 'transfer' ? encryptedPincode : null,
          pincodeHash: pincodeHash(encryptedPincode),
        },
      ],
      refused: [],
      ...(target
        ? {
            target: {
              id: target.id,
              address: target.address,
              name: target.name,
              sealingPublicKey: (
                await cast.server
                  .knex('organizations')
                  .where({ id: target.id })
                  .first('sealing_public_key')
              ).sealing_public_key,
            },
          }
        : {}),
      serverTime: new Date().toISOString(),
    };
  }

  /** Signs a forged dry run and posts it: what the server answers, and that nothing changed. */
  async function postForged(org: Org, action: CustodyAction, address: string, target?: Org) {
    const exists = await cast.server.knex('releases').where({ address }).first('id');
    const before = exists ? await snapshot(address) : null;
    const body = await signCall(
      acting(org),
      action,
      await forgedDryRun(org, action, address, target),
    );
    const answer = await cast.calls.api(custodyServicePaths[action], {
      method: 'POST',
      token: org.tokens[1],
      body,
    });
    if (before) expect(await snapshot(address)).toEqual(before);
    return answer;
  }

  /** The release as an organisation sees it (`GET /api/releases/<address>`), or the status. */
  async function seen(org: Org, address: string) {
    const answer = await cast.calls.api(`releases/${address}`, { token: org.tokens[1] });
    return answer.status === 200 ? answer.body : answer.status;
  }

  const setParty = (address: string, org: Org, transferStatus: string) =>
    cast.server.knex.raw(
      `update release_parties p set transfer_status = ? from releases r
        where r.id = p.release_id and r.address = ? and p.organization_id = ? and p.active`,
      [transferStatus, address, org.id],
    );
  const setRelease = (address: string, fields: Record<string, unknown>) =>
    cast.server.knex('releases').where({ address }).update(fields);
  const setFeature = (org: Org, feature: string, enabled: boolean) =>
    cast.server
      .knex('organization_features')
      .insert({ organization_id: org.id, feature, enabled })
      .onConflict(['organization_id', 'feature'])
      .merge(['enabled']);
  const deleteRelease = async (address: string) => {
    const answer = await cast.calls.api(`releases/${address}`, {
      method: 'DELETE',
      token: cast.carrier.tokens[1],
    });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  };

  return {
    cast,
    newRelease,
    act,
    snapshot,
    expectRefused,
    expectConflict,
    forgedDryRun,
    postForged,
    seen,
    setParty,
    setRelease,
    setFeature,
    deleteRelease,
  };
}
