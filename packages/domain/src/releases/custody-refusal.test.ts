import { describe, expect, it } from 'vitest';
import { held, me } from './action-fixtures.ts';
import {
  callerFacts,
  custodyRefusal,
  custodyRefusalKey,
  custodyRefusalText,
  type CustodyReleaseFacts,
} from './custody-refusal.ts';
import { refusalReason } from './refusals.ts';

const r = (fields: Partial<CustodyReleaseFacts>) => ({ ...held, ...fields });
const caller = { organizationId: me, features: { canFetchPincode: true } };

describe('issue 10 item 1: the custody facts and extra refusals, once in domain (releases spec §4, §6)', () => {
  it('reads the caller’s standing: in chain, owner, carrier, own transfer status', () => {
    expect(callerFacts(held, me)).toMatchObject({ inChain: true, isOwner: true, isCarrier: false });
    expect(callerFacts(r({ party: null }), me)).toMatchObject({ inChain: false, isOwner: false });
    expect(callerFacts(held, 1)).toMatchObject({ isCarrier: true, isOwner: false });
    expect(callerFacts(r({ party: { transferStatus: 'pinRetrieved' } }), me).pinRetrieved).toBe(
      true,
    );
  });

  it('answers notFound for a release out of reach, the tables’ reason otherwise', () => {
    expect(custodyRefusal('transfer', null, caller)).toBe('notFound');
    expect(custodyRefusal('transfer', held, caller)).toBeNull();
    expect(custodyRefusal('transfer', r({ releaseStatus: 'deleted' }), caller)).toBe('deleted');
    expect(custodyRefusal('revoke', held, caller)).toBe('alreadyOwner');
  });

  it('§4 "Pincode eligibility": notInChain, the four messages, then noPincode without a copy', () => {
    expect(custodyRefusal('pincode', r({ party: null }), caller)).toBe('notInChain');
    expect(custodyRefusal('pincode', r({ pinsAllowed: false }), caller)).toBe('pinsDisabled');
    expect(custodyRefusal('pincode', r({ encryptedPincode: null }), caller)).toBe('noPincode');
    expect(custodyRefusal('pincode', held, caller)).toBeNull();
  });

  it('refuses a transfer to an organisation already in the chain (targetInChain)', () => {
    expect(custodyRefusal('transfer', r({ targetInChain: true }), caller)).toBe('targetInChain');
    // Only a transfer looks at the target.
    const passedOn = r({ targetInChain: true, ownerOrganizationId: 9 });
    const revoked = { ...passedOn, party: { transferStatus: 'transferred' as const } };
    expect(custodyRefusal('revoke', revoked, caller)).toBeNull();
  });

  it('§8: words and keys a pincode reason under releases.pincode only for the pincode action', () => {
    expect(custodyRefusalKey('pincode', 'sentToPcs')).toBe('releases.pincode.sentToPcs');
    expect(custodyRefusalText('pincode', 'sentToPcs')).toBe('Release sent to PCS');
    expect(custodyRefusalKey('transfer', 'sentToPcs')).toBe('releases.refusal.sentToPcs');
    expect(custodyRefusalText('transfer', 'sentToPcs')).toBe('Release was sent to the PCS');
    expect(custodyRefusalKey('pincode', 'noPincode')).toBe('releases.refusal.noPincode');
    expect(custodyRefusalText('transfer', 'mustAssign')).toBe('Must assign to fetch pin');
  });

  it('DESIGN §3 "Invariant", releases spec §4 "Effects": a pincode fetched by any party, revoked out since, bars every later transfer', () => {
    // The revoker's own row is owned again; another party's fetch still counts.
    const fetchedElsewhere = r({ pincodeFetched: true });
    expect(callerFacts(fetchedElsewhere, me).pinRetrieved).toBe(true);
    expect(custodyRefusal('transfer', fetchedElsewhere, caller)).toBe('pincodeFetched');
    // The carrier, owner again after revoking, is barred too.
    const carrierOwns = r({ pincodeFetched: true, ownerOrganizationId: 1 });
    expect(custodyRefusal('transfer', carrierOwns, { ...caller, organizationId: 1 })).toBe(
      'pincodeFetched',
    );
    // Only transfer: revoking what was passed on stays possible.
    const passedOn = r({ pincodeFetched: true, ownerOrganizationId: 9 });
    expect(
      custodyRefusal('revoke', { ...passedOn, party: { transferStatus: 'transferred' } }, caller),
    ).toBeNull();
  });

  it('releases spec §6 "Secure Pick-up per terminal and per carrier": both or it is no secure pick-up', () => {
    const terminalOnly = r({ securePickupEnabled: true, carrierSecurePickupEnabled: false });
    const both = r({ securePickupEnabled: true, carrierSecurePickupEnabled: true });
    expect(callerFacts(terminalOnly, me).securePickupEnabled).toBe(false);
    expect(callerFacts(both, me).securePickupEnabled).toBe(true);
    // §4 "Pincode eligibility": only a secure pick-up needs the assignment.
    expect(custodyRefusal('pincode', terminalOnly, caller)).toBeNull();
    expect(custodyRefusal('pincode', both, caller)).toBe('mustAssign');
    // §4 "Action rules", Assign: refused for a terminal or carrier without Secure Pick-up.
    expect(refusalReason('assign', callerFacts(terminalOnly, me))).toBe('notSecurePickup');
    expect(refusalReason('assign', callerFacts(both, me))).toBeNull();
  });
});
