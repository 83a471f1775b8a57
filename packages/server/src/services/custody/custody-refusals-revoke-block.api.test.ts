import { describe, expect, it } from 'vitest';
import { refusalKit } from './custody-refusals-kit.ts';

/*
 * Releases spec §4 "Action rules": the reasons a revoke, a block or an unblock is refused for,
 * and §4 "Effects" of block and unblock (the method: custody-refusals-kit.ts).
 */

const { cast, newRelease, act, expectRefused, expectConflict, postForged, seen, deleteRelease } =
  refusalKit();

describe('releases spec §4 "Action rules": Revoke is refused for', () => {
  it('§4 user already owner', async () => {
    const { address } = await newRelease();
    await act(cast.carrier, 'transfer', [address], cast.a);
    await act(cast.a, 'transfer', [address], cast.b);
    await expectConflict(cast.a, 'revoke', address, 'alreadyOwner', () =>
      act(cast.a, 'revoke', [address]),
    );
    expect(await seen(cast.a, address)).toMatchObject({ transferStatus: 'owned' });
  });

  it('§4 release deleted', async () => {
    const { address } = await newRelease();
    await act(cast.carrier, 'transfer', [address], cast.a);
    await expectConflict(cast.carrier, 'revoke', address, 'deleted', () => deleteRelease(address));
  });

  it("§4 release not in the user's chain: revoked out of it earlier → notInChain", async () => {
    const { address } = await newRelease();
    await act(cast.carrier, 'transfer', [address], cast.a);
    await act(cast.a, 'transfer', [address], cast.b);
    await act(cast.b, 'transfer', [address], cast.c);
    await expectConflict(cast.b, 'revoke', address, 'notInChain', () =>
      act(cast.a, 'revoke', [address]),
    );
    expect(await seen(cast.b, address)).toBe(404);
  });

  it("§4 release not in the user's chain: never in it → notFound (never revealing it)", async () => {
    const { address } = await newRelease();
    await act(cast.carrier, 'transfer', [address], cast.a);
    const refused = await expectRefused(cast.c, 'revoke', address, 'notFound');
    expect(refused).toMatchObject({ blNumber: null, containerNumber: null });
    const signed = await postForged(cast.c, 'revoke', address);
    expect(signed.status).toBe(409);
    expect(signed.body.data.fields).toEqual({ [address]: 'releases.refusal.notFound' });
  });
});

describe('releases spec §4 "Action rules": Block and Unblock', () => {
  it('§4 only the carrier may block or unblock (a forwarder in the chain → notCarrier)', async () => {
    const { address } = await newRelease();
    await act(cast.carrier, 'transfer', [address], cast.a);
    await expectRefused(cast.a, 'block', address, 'notCarrier');
    const signed = await postForged(cast.a, 'block', address);
    expect(signed.status).toBe(409);
    expect(signed.body.data.fields).toEqual({ [address]: 'releases.refusal.notCarrier' });
    await act(cast.carrier, 'block', [address]);
    await expectRefused(cast.a, 'unblock', address, 'notCarrier');
    const unblock = await postForged(cast.a, 'unblock', address);
    expect(unblock.status).toBe(409);
    expect(unblock.body.data.fields).toEqual({ [address]: 'releases.refusal.notCarrier' });
    expect(await seen(cast.a, address)).toMatchObject({ releaseStatus: 'blocked' });
  });

  it('§4 block of a blocked release → alreadyBlocked', async () => {
    const { address } = await newRelease();
    await expectConflict(cast.carrier, 'block', address, 'alreadyBlocked', () =>
      act(cast.carrier, 'block', [address]),
    );
  });

  it('§4 unblock of a released release → notBlocked', async () => {
    const { address } = await newRelease();
    await expectRefused(cast.carrier, 'unblock', address, 'notBlocked');
    await act(cast.carrier, 'block', [address]);
    await expectConflict(cast.carrier, 'unblock', address, 'notBlocked', () =>
      act(cast.carrier, 'unblock', [address]),
    );
  });

  it('§4 "Effects": block then unblock by the carrier moves releaseStatus blocked and back, on the ledger', async () => {
    const { address } = await newRelease();
    await act(cast.carrier, 'transfer', [address], cast.a);
    expect(await seen(cast.carrier, address)).toMatchObject({ releaseStatus: 'released' });
    await act(cast.carrier, 'block', [address]);
    expect(await seen(cast.carrier, address)).toMatchObject({ releaseStatus: 'blocked' });
    expect(await seen(cast.a, address)).toMatchObject({ releaseStatus: 'blocked' });
    await act(cast.carrier, 'unblock', [address]);
    expect(await seen(cast.carrier, address)).toMatchObject({ releaseStatus: 'released' });
    expect(await seen(cast.a, address)).toMatchObject({ releaseStatus: 'released' });
    const operations = await cast.server
      .knex('release_events')
      .where({ release_address: address })
      .orderBy('sequence')
      .pluck('operation');
    expect(operations).toEqual(['create', 'transfer', 'block', 'unblock']);
    const signers = await cast.server
      .knex('release_events as e')
      .join('ledger_statements as s', 's.id', 'e.statement_id')
      .where({ 'e.release_address': address })
      .whereIn('e.operation', ['block', 'unblock'])
      .pluck('s.signer_address');
    expect(signers.map((s: string) => s.toLowerCase())).toEqual([
      cast.carrier.address.toLowerCase(),
      cast.carrier.address.toLowerCase(),
    ]);
  });
});
