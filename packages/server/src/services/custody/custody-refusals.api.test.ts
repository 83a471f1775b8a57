import { randomInt } from 'node:crypto';
import {
  pincodeHash,
  pincodeMessages,
  refusalMessages,
  type CustodyAction,
  type CustodyDryRunAnswer,
  type CustodyRefusal,
} from '@scr/domain';
import { deriveSealingKeyPair, openPincode } from '@scr/wallet';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  connect,
  custodyCaller,
  custodyPath,
  signCall,
  actingAs,
  releaseSnapshot,
} from '../../test/custody.ts';
import { createRelease, releaseTerminal } from '../../test/factories-releases.ts';
import { randomAddress } from '../../test/factories.ts';
import { startTestApp, type TestServer } from '../../test/start-app.ts';
import { signedInOrganization } from '../../test/admin-kit.ts';

/*
 * Releases spec §4 "Action rules" (column "Refused by the server for"), "Effects" and
 * "Pincode eligibility"; §5 "Transfer"; §6 (only the owner acts; canTransferRevoke; the
 * finalised connection); §8 (the error codes and per-release reasons). Each rule is checked
 * through the real API twice: the dry run lists the release under `refused` with its reason,
 * and a signed second call made while the release was still eligible, arriving after it became
 * ineligible, answers 409 release_conflict and changes nothing (DESIGN §3).
 */

let server: TestServer;
let calls: ReturnType<typeof custodyCaller>;
type Org = Awaited<ReturnType<typeof signedInOrganization>>;
let carrier: Org;
let a: Org;
let b: Org;
let c: Org;
let terminal: string;

const acting = actingAs;

beforeAll(async () => {
  server = await startTestApp();
  calls = custodyCaller(server);
  [carrier, a, b, c] = await Promise.all([
    signedInOrganization(server, { role: 'carrier' }),
    signedInOrganization(server),
    signedInOrganization(server),
    signedInOrganization(server),
  ]);
  await connect(server.knex, carrier, a);
  await connect(server.knex, carrier, b);
  await connect(server.knex, a, b);
  await connect(server.knex, a, c);
  await connect(server.knex, b, c);
  terminal = await releaseTerminal(server.knex);
  // Releases spec §6: Secure Pick-up needs the carrier enabled as well as the terminal; the
  // secure pick-up rows below use a terminal with it, the others one without.
  await server
    .knex('organizations')
    .where({ id: carrier.id })
    .update({ secure_pickup_enabled: true });
});
afterAll(() => server?.stop());

/** What the server answers as the English text of a refusal (§4 "Pincode eligibility" for pincodes). */
const textOf = (action: CustodyAction, reason: CustodyRefusal) =>
  action === 'pincode' && reason in pincodeMessages
    ? pincodeMessages[reason as keyof typeof pincodeMessages]
    : refusalMessages[reason as keyof typeof refusalMessages];

const newPincode = () => String(randomInt(0, 1_000_000)).padStart(6, '0');

/** A release of the carrier's own, with a pincode, at the test terminal unless told. */
async function newRelease(fields: { pickupLocation?: string; pincode?: string } = {}) {
  return createRelease(server, carrier, {
    pickupLocation: fields.pickupLocation ?? terminal,
    pincode: fields.pincode ?? newPincode(),
  });
}

/** Both calls of an action that must go through. */
async function act(org: Org, action: CustodyAction, addresses: string[], target?: Org) {
  const result = await calls.act(acting(org), action, addresses, target?.address);
  expect(result.dryRun.body.refused, JSON.stringify(result.dryRun.body)).toEqual([]);
  expect(result.applied.status, JSON.stringify(result.applied.body)).toBe(201);
  return result.applied.body;
}

const snapshot = (address: string) => releaseSnapshot(server.knex, address);

/** The dry run lists the release as refused, with the reason and its English text, and nothing else. */
async function expectRefused(
  org: Org,
  action: CustodyAction,
  address: string,
  reason: CustodyRefusal,
  target?: Org,
) {
  const answer = await calls.dryRun(acting(org), action, [address], target?.address);
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
  const first = await calls.dryRun(acting(org), action, [address], target?.address);
  expect(first.status, JSON.stringify(first.body)).toBe(201);
  expect(first.body.refused).toEqual([]);
  expect(first.body.eligible_releases.map((r: { address: string }) => r.address)).toEqual([
    address,
  ]);
  const body = await signCall(acting(org), action, first.body);
  await change();
  const before = await snapshot(address);
  const applied = await calls.api(custodyPath[action], {
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
  const release = await server.knex('releases').where({ address }).first('id', 'version');
  const copy = release
    ? await server
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
              await server
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
  const exists = await server.knex('releases').where({ address }).first('id');
  const before = exists ? await snapshot(address) : null;
  const body = await signCall(
    acting(org),
    action,
    await forgedDryRun(org, action, address, target),
  );
  const answer = await calls.api(custodyPath[action], {
    method: 'POST',
    token: org.tokens[1],
    body,
  });
  if (before) expect(await snapshot(address)).toEqual(before);
  return answer;
}

/** The release as an organisation sees it (`GET /api/releases/<address>`), or the status. */
async function seen(org: Org, address: string) {
  const answer = await calls.api(`releases/${address}`, { token: org.tokens[1] });
  return answer.status === 200 ? answer.body : answer.status;
}

const setParty = (address: string, org: Org, transferStatus: string) =>
  server.knex.raw(
    `update release_parties p set transfer_status = ? from releases r
      where r.id = p.release_id and r.address = ? and p.organization_id = ? and p.active`,
    [transferStatus, address, org.id],
  );
const setRelease = (address: string, fields: Record<string, unknown>) =>
  server.knex('releases').where({ address }).update(fields);
const setFeature = (org: Org, feature: string, enabled: boolean) =>
  server
    .knex('organization_features')
    .insert({ organization_id: org.id, feature, enabled })
    .onConflict(['organization_id', 'feature'])
    .merge(['enabled']);
const deleteRelease = async (address: string) => {
  const answer = await calls.api(`releases/${address}`, {
    method: 'DELETE',
    token: carrier.tokens[1],
  });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
};

describe('releases spec §4 "Action rules": Transfer is refused for', () => {
  it('§4 assigned', async () => {
    const { address } = await newRelease();
    await act(carrier, 'transfer', [address], a);
    await expectConflict(
      a,
      'transfer',
      address,
      'assigned',
      () => setParty(address, a, 'assigned'),
      b,
    );
  });

  it('§4 deleted (the carrier deleted it through DELETE /api/releases/<address>)', async () => {
    const { address } = await newRelease();
    await expectConflict(carrier, 'transfer', address, 'deleted', () => deleteRelease(address), a);
  });

  it('§4 gate-out', async () => {
    const { address } = await newRelease();
    await expectConflict(
      carrier,
      'transfer',
      address,
      'gateOut',
      () => setRelease(address, { release_status: 'gateout' }),
      a,
    );
  });

  it('§4 not owned (a party that already transferred it)', async () => {
    const { address } = await newRelease();
    await expectConflict(
      carrier,
      'transfer',
      address,
      'notOwned',
      () => act(carrier, 'transfer', [address], a),
      b,
    );
    expect(await seen(carrier, address)).toMatchObject({ transferStatus: 'transferred' });
    expect(await seen(b, address)).toBe(404);
  });

  it('§4 sent to PCS', async () => {
    const { address } = await newRelease();
    await expectConflict(
      carrier,
      'transfer',
      address,
      'sentToPcs',
      () => setRelease(address, { sent_to_pcs: true }),
      a,
    );
  });

  it('§4 pincode already fetched (the owner fetched it through pincode-log first)', async () => {
    const { address } = await newRelease();
    await act(carrier, 'transfer', [address], a);
    await expectConflict(
      a,
      'transfer',
      address,
      'pincodeFetched',
      () => act(a, 'pincode', [address]),
      b,
    );
  });

  it('§4 "Effects": one ineligible release of several stops them all (nothing changes)', async () => {
    const first = await newRelease();
    const second = await newRelease();
    const addresses = [first.address, second.address];
    const dryRun = await calls.dryRun(acting(carrier), 'transfer', addresses, a.address);
    expect(dryRun.body.eligible_releases).toHaveLength(2);
    const body = await signCall(acting(carrier), 'transfer', dryRun.body);
    await setRelease(second.address, { release_status: 'gateout' });
    const before = await Promise.all(addresses.map(snapshot));
    const applied = await calls.api('transfers', {
      method: 'POST',
      token: carrier.tokens[1],
      body,
    });
    expect(applied.status).toBe(409);
    expect(applied.body.data).toMatchObject({
      code: 'release_conflict',
      fields: { [second.address]: 'releases.refusal.gateOut' },
    });
    expect(applied.body.data.fields[first.address]).toBeUndefined();
    expect(await Promise.all(addresses.map(snapshot))).toEqual(before);
  });

  it('§6 and §8: a target without a finalised connection → no_finalized_connection', async () => {
    const { address } = await newRelease();
    const stranger = await signedInOrganization(server);
    const dryRun = await calls.dryRun(acting(carrier), 'transfer', [address], stranger.address);
    expect(dryRun.status).toBe(400);
    expect(dryRun.body.data.code).toBe('no_finalized_connection');
    // A signed call straight to it is refused the same way, changing nothing.
    const signed = await postForged(carrier, 'transfer', address, stranger);
    expect(signed.status).toBe(400);
    expect(signed.body.data.code).toBe('no_finalized_connection');
    // An unknown organisation address answers the same.
    const unknown = await calls.dryRun(acting(carrier), 'transfer', [address], randomAddress());
    expect(unknown.status).toBe(400);
    expect(unknown.body.data.code).toBe('no_finalized_connection');
  });

  it('§5 "Transfer" and §8: no target selected → missing_target_organization', async () => {
    const { address } = await newRelease();
    const dryRun = await calls.dryRun(acting(carrier), 'transfer', [address]);
    expect(dryRun.status).toBe(400);
    expect(dryRun.body.data.code).toBe('missing_target_organization');
    // The signed call without its target too.
    const body = await signCall(
      acting(carrier),
      'transfer',
      await forgedDryRun(carrier, 'transfer', address, a),
    );
    const before = await snapshot(address);
    delete (body as { target_organization_address?: string }).target_organization_address;
    const applied = await calls.api('transfers', {
      method: 'POST',
      token: carrier.tokens[1],
      body,
    });
    expect(applied.status).toBe(400);
    expect(applied.body.data.code).toBe('missing_target_organization');
    expect(await snapshot(address)).toEqual(before);
  });

  it('§5 "Transfer": a carrier transferring to an organisation without an admin user → admin_user_not_found', async () => {
    const { address } = await newRelease();
    const noAdmin = await signedInOrganization(server, { users: [{}] });
    await connect(server.knex, carrier, noAdmin);
    const dryRun = await calls.dryRun(acting(carrier), 'transfer', [address], noAdmin.address);
    expect(dryRun.status).toBe(400);
    expect(dryRun.body.data.code).toBe('admin_user_not_found');
    expect(dryRun.body.message).toBe('Could not find admin user');
    const signed = await postForged(carrier, 'transfer', address, noAdmin);
    expect(signed.status).toBe(400);
    expect(signed.body.data.code).toBe('admin_user_not_found');
    // A forwarder may transfer to it (the rule is the carrier's).
    await act(carrier, 'transfer', [address], a);
    await connect(server.knex, a, noAdmin);
    const forwarder = await calls.dryRun(acting(a), 'transfer', [address], noAdmin.address);
    expect(forwarder.status, JSON.stringify(forwarder.body)).toBe(201);
    expect(forwarder.body.eligible_releases).toHaveLength(1);
  });

  it('§6 and §8: a forwarder without canTransferRevoke → subscription_required', async () => {
    const forwarder = await signedInOrganization(server);
    await connect(server.knex, carrier, forwarder);
    await connect(server.knex, forwarder, b);
    const { address } = await newRelease();
    await act(carrier, 'transfer', [address], forwarder);
    const first = await calls.dryRun(acting(forwarder), 'transfer', [address], b.address);
    expect(first.body.eligible_releases).toHaveLength(1);
    const body = await signCall(acting(forwarder), 'transfer', first.body);
    await setFeature(forwarder, 'canTransferRevoke', false);
    const before = await snapshot(address);
    const applied = await calls.api('transfers', {
      method: 'POST',
      token: forwarder.tokens[1],
      body,
    });
    expect(applied.status).toBe(403);
    expect(applied.body.data.code).toBe('subscription_required');
    expect(await snapshot(address)).toEqual(before);
    const dryRun = await calls.dryRun(acting(forwarder), 'transfer', [address], b.address);
    expect(dryRun.status).toBe(403);
    expect(dryRun.body.data.code).toBe('subscription_required');
    const revoke = await calls.dryRun(acting(forwarder), 'revoke', [address]);
    expect(revoke.status).toBe(403);
    expect(revoke.body.data.code).toBe('subscription_required');
  });

  it('§4 "Effects" (the recipient becomes the owner): a target already in the chain → targetInChain', async () => {
    const { address } = await newRelease();
    await act(carrier, 'transfer', [address], a);
    // A sends it back to the carrier, which still holds a (transferred) row in the chain.
    await expectRefused(a, 'transfer', address, 'targetInChain', carrier);
    const signed = await postForged(a, 'transfer', address, carrier);
    expect(signed.status).toBe(409);
    expect(signed.body.data).toMatchObject({
      code: 'release_conflict',
      fields: { [address]: 'releases.refusal.targetInChain' },
    });
  });

  it('DESIGN §3 "Tenancy": an unknown address and another chain\'s release → notFound, alike', async () => {
    const otherCarrier = await signedInOrganization(server, { role: 'carrier' });
    const theirs = await createRelease(server, otherCarrier, {
      pickupLocation: terminal,
      pincode: newPincode(),
    });
    const unknown = randomAddress();
    const answer = await calls.dryRun(
      acting(carrier),
      'transfer',
      [unknown, theirs.address],
      a.address,
    );
    expect(answer.status).toBe(201);
    expect(answer.body.eligible_releases).toEqual([]);
    const notFound = (address: string) => ({
      address,
      blNumber: null,
      containerNumber: null,
      reason: 'notFound',
      error: refusalMessages.notFound,
    });
    const byAddress = new Map(
      answer.body.refused.map((r: { address: string }) => [r.address.toLowerCase(), r]),
    );
    expect(byAddress.size).toBe(2);
    expect(byAddress.get(theirs.address.toLowerCase())).toEqual(notFound(theirs.address));
    const forUnknownAddress = byAddress.get(unknown.toLowerCase()) as { address: string };
    expect(forUnknownAddress).toEqual(notFound(forUnknownAddress.address));
    // The signed call answers the two alike, and leaves the other chain's release alone.
    const strip = (body: { data: { fields: Record<string, string> } }, address: string) => ({
      ...body,
      data: { ...body.data, fields: body.data.fields[address] },
    });
    const forUnknown = await postForged(carrier, 'transfer', unknown, a);
    const forTheirs = await postForged(carrier, 'transfer', theirs.address, a);
    expect(forTheirs.status).toBe(409);
    expect(forUnknown.status).toBe(409);
    expect(strip(forTheirs.body, theirs.address)).toEqual(
      strip(forUnknown.body, Object.keys(forUnknown.body.data.fields)[0]!),
    );
    expect(forTheirs.body.data.fields[theirs.address]).toBe('releases.refusal.notFound');
    // The same for the other actions.
    for (const action of ['revoke', 'block', 'unblock'] as const) {
      await expectRefused(carrier, action, theirs.address, 'notFound');
    }
    await expectRefused(a, 'pincode', theirs.address, 'notFound');
  });
});

describe('releases spec §4 "Action rules": Revoke is refused for', () => {
  it('§4 user already owner', async () => {
    const { address } = await newRelease();
    await act(carrier, 'transfer', [address], a);
    await act(a, 'transfer', [address], b);
    await expectConflict(a, 'revoke', address, 'alreadyOwner', () => act(a, 'revoke', [address]));
    expect(await seen(a, address)).toMatchObject({ transferStatus: 'owned' });
  });

  it('§4 release deleted', async () => {
    const { address } = await newRelease();
    await act(carrier, 'transfer', [address], a);
    await expectConflict(carrier, 'revoke', address, 'deleted', () => deleteRelease(address));
  });

  it("§4 release not in the user's chain: revoked out of it earlier → notInChain", async () => {
    const { address } = await newRelease();
    await act(carrier, 'transfer', [address], a);
    await act(a, 'transfer', [address], b);
    await act(b, 'transfer', [address], c);
    await expectConflict(b, 'revoke', address, 'notInChain', () => act(a, 'revoke', [address]));
    expect(await seen(b, address)).toBe(404);
  });

  it("§4 release not in the user's chain: never in it → notFound (never revealing it)", async () => {
    const { address } = await newRelease();
    await act(carrier, 'transfer', [address], a);
    const refused = await expectRefused(c, 'revoke', address, 'notFound');
    expect(refused).toMatchObject({ blNumber: null, containerNumber: null });
    const signed = await postForged(c, 'revoke', address);
    expect(signed.status).toBe(409);
    expect(signed.body.data.fields).toEqual({ [address]: 'releases.refusal.notFound' });
  });
});

describe('releases spec §4 "Action rules": Block and Unblock', () => {
  it('§4 only the carrier may block or unblock (a forwarder in the chain → notCarrier)', async () => {
    const { address } = await newRelease();
    await act(carrier, 'transfer', [address], a);
    await expectRefused(a, 'block', address, 'notCarrier');
    const signed = await postForged(a, 'block', address);
    expect(signed.status).toBe(409);
    expect(signed.body.data.fields).toEqual({ [address]: 'releases.refusal.notCarrier' });
    await act(carrier, 'block', [address]);
    await expectRefused(a, 'unblock', address, 'notCarrier');
    const unblock = await postForged(a, 'unblock', address);
    expect(unblock.status).toBe(409);
    expect(unblock.body.data.fields).toEqual({ [address]: 'releases.refusal.notCarrier' });
    expect(await seen(a, address)).toMatchObject({ releaseStatus: 'blocked' });
  });

  it('§4 block of a blocked release → alreadyBlocked', async () => {
    const { address } = await newRelease();
    await expectConflict(carrier, 'block', address, 'alreadyBlocked', () =>
      act(carrier, 'block', [address]),
    );
  });

  it('§4 unblock of a released release → notBlocked', async () => {
    const { address } = await newRelease();
    await expectRefused(carrier, 'unblock', address, 'notBlocked');
    await act(carrier, 'block', [address]);
    await expectConflict(carrier, 'unblock', address, 'notBlocked', () =>
      act(carrier, 'unblock', [address]),
    );
  });

  it('§4 "Effects": block then unblock by the carrier moves releaseStatus blocked and back, on the ledger', async () => {
    const { address } = await newRelease();
    await act(carrier, 'transfer', [address], a);
    expect(await seen(carrier, address)).toMatchObject({ releaseStatus: 'released' });
    await act(carrier, 'block', [address]);
    expect(await seen(carrier, address)).toMatchObject({ releaseStatus: 'blocked' });
    expect(await seen(a, address)).toMatchObject({ releaseStatus: 'blocked' });
    await act(carrier, 'unblock', [address]);
    expect(await seen(carrier, address)).toMatchObject({ releaseStatus: 'released' });
    expect(await seen(a, address)).toMatchObject({ releaseStatus: 'released' });
    const operations = await server
      .knex('release_events')
      .where({ release_address: address })
      .orderBy('sequence')
      .pluck('operation');
    expect(operations).toEqual(['create', 'transfer', 'block', 'unblock']);
    const signers = await server
      .knex('release_events as e')
      .join('ledger_statements as s', 's.id', 'e.statement_id')
      .where({ 'e.release_address': address })
      .whereIn('e.operation', ['block', 'unblock'])
      .pluck('s.signer_address');
    expect(signers.map((s: string) => s.toLowerCase())).toEqual([
      carrier.address.toLowerCase(),
      carrier.address.toLowerCase(),
    ]);
  });
});

describe('releases spec §4 "Pincode eligibility"', () => {
  it('§4 "Not allowed to fetch pincode": not the owner', async () => {
    const { address } = await newRelease();
    await act(carrier, 'transfer', [address], a);
    await expectConflict(a, 'pincode', address, 'notAllowed', () =>
      act(a, 'transfer', [address], b),
    );
    await expectRefused(a, 'pincode', address, 'notAllowed');
  });

  it('§6 carriers have no pincode action', async () => {
    const { address } = await newRelease();
    const answer = await calls.dryRun(acting(carrier), 'pincode', [address]);
    expect(answer.status).toBe(403);
    expect(answer.body.data.code).toBe('forbidden');
  });

  it('§4 "Not allowed to fetch pincode": a blocked release', async () => {
    const { address } = await newRelease();
    await act(carrier, 'transfer', [address], a);
    await expectConflict(a, 'pincode', address, 'notAllowed', () =>
      act(carrier, 'block', [address]),
    );
  });

  it('§4 "Not allowed to fetch pincode": a secure pick-up terminal without canFetchPincode', async () => {
    const secure = await releaseTerminal(server.knex, { securePickup: true });
    const forwarder = await signedInOrganization(server);
    await connect(server.knex, carrier, forwarder);
    const { address } = await newRelease({ pickupLocation: secure });
    await act(carrier, 'transfer', [address], forwarder);
    await setParty(address, forwarder, 'assigned');
    await expectConflict(forwarder, 'pincode', address, 'notAllowed', () =>
      setFeature(forwarder, 'canFetchPincode', false),
    );
  });

  it('§4 "Release sent to PCS"', async () => {
    const { address } = await newRelease();
    await act(carrier, 'transfer', [address], a);
    await expectConflict(a, 'pincode', address, 'sentToPcs', () =>
      setRelease(address, { sent_to_pcs: true }),
    );
  });

  it('§4 "Pins disabled" (terminals.pins_allowed = false)', async () => {
    const pinless = await releaseTerminal(server.knex);
    const { address } = await newRelease({ pickupLocation: pinless });
    await act(carrier, 'transfer', [address], a);
    await expectConflict(a, 'pincode', address, 'pinsDisabled', () =>
      server.knex('terminals').where({ code: pinless }).update({ pins_allowed: false }),
    );
  });

  it('§4 "Must assign to fetch pin": secure pick-up, canFetchPincode, owned not assigned', async () => {
    const secure = await releaseTerminal(server.knex, { securePickup: true });
    const { address } = await newRelease({ pickupLocation: secure });
    await act(carrier, 'transfer', [address], a);
    await expectRefused(a, 'pincode', address, 'mustAssign');
    // Assigned, it may; unassigned again before the signed call arrives, it may not.
    await setParty(address, a, 'assigned');
    await expectConflict(a, 'pincode', address, 'mustAssign', () => setParty(address, a, 'owned'));
  });

  it('§4 "Effects": the owner fetches its pincode, is pinRetrieved, and can no longer transfer', async () => {
    const pincode = newPincode();
    const { address } = await newRelease({ pincode });
    await act(carrier, 'transfer', [address], a);
    const answer = await act(a, 'pincode', [address]);
    expect(answer.data).toEqual([{ address, encryptedPincode: expect.any(String) }]);
    const opened = await openPincode(
      answer.data[0].encryptedPincode,
      await deriveSealingKeyPair(a.privateKey),
    );
    expect(opened).toBe(pincode);
    expect(opened).toMatch(/^\d{6}$/);
    expect(await seen(a, address)).toMatchObject({ transferStatus: 'pinRetrieved' });
    await expectRefused(a, 'transfer', address, 'pincodeFetched', b);
    // Fetching again is allowed (the same copy), and the status stays.
    const again = await act(a, 'pincode', [address]);
    expect(again.data).toEqual(answer.data);
    expect(await seen(a, address)).toMatchObject({ transferStatus: 'pinRetrieved' });
  });
});
