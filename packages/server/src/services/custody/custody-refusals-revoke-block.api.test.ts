import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestServer } from '../../test/start-app.ts';
import { refusalKit, type Org } from './custody-refusals-kit.ts';

/*
 * Releases spec §4 "Action rules": the reasons a revoke, a block or an unblock is refused for,
 * and §4 "Effects" of block and unblock (the method: custody-refusals-kit.ts).
 */

const {
  start,
  stop,
  newRelease,
  act,
  expectRefused,
  expectConflict,
  postForged,
  seen,
  deleteRelease,
} = refusalKit();
let server: TestServer;
let carrier: Org;
let a: Org;
let b: Org;
let c: Org;

beforeAll(async () => {
  ({ server, carrier, a, b, c } = await start());
});
afterAll(() => stop());

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
