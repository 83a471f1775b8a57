import { describe, expect, it } from 'vitest';
import { ownerSeenBy, partyReference, pincodeLogReach, statusFlags } from './row-parties.ts';

const address = '0xAbC0000000000000000000000000000000000001';

describe('releases spec §3 "Container release": the parties and flags of a row', () => {
  it('prevParty and nextParty: "address:" and the organisation’s address, or nothing', () => {
    expect(partyReference(address)).toBe(`address:${address}`);
    expect(partyReference(null)).toBeNull();
  });

  it('blocked and deleted follow the release status (§4)', () => {
    expect(statusFlags('blocked')).toEqual({ blocked: true, deleted: false });
    expect(statusFlags('blockedForScanning')).toEqual({ blocked: true, deleted: false });
    expect(statusFlags('deleted')).toEqual({ blocked: false, deleted: true });
    expect(statusFlags('released')).toEqual({ blocked: false, deleted: false });
  });

  it('owner: the viewer itself, or the next party with transfer info; never further down', () => {
    const fact = { ownerId: 7, ownerAddress: address, viewerId: 7, passedToId: null };
    expect(ownerSeenBy({ ...fact, seesTransferInfo: false })).toBe(address);
    const passed = { ...fact, viewerId: 3, passedToId: 7 };
    expect(ownerSeenBy({ ...passed, seesTransferInfo: true })).toBe(address);
    expect(ownerSeenBy({ ...passed, seesTransferInfo: false })).toBeNull();
    expect(ownerSeenBy({ ...passed, passedToId: 5, seesTransferInfo: true })).toBeNull();
  });

  it('pincode_logs: the own retrievals, the chain’s with the audit trail (§6)', () => {
    expect(pincodeLogReach(false)).toBe('own');
    expect(pincodeLogReach(true)).toBe('chain');
  });
});
