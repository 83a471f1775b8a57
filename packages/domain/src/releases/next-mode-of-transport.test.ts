import { describe, expect, it } from 'vitest';
import { modesOfTransport } from '../api/transporters.ts';
import { nmotEnabled, nmotPermission, nmotRefusal } from './next-mode-of-transport.ts';
import type { ReleaseForCaller } from './refusals.ts';

const owned: ReleaseForCaller = {
  releaseStatus: 'released',
  inChain: true,
  isOwner: true,
  isCarrier: false,
  transferStatus: 'owned',
  sentToPcs: false,
  pinRetrieved: false,
  hasAssignee: false,
  securePickupEnabled: false,
  terminalHasPcs: false,
  availableInPcs: false,
};

describe('releases spec §7 `nmots`, §6 canNmot: the next mode of transport', () => {
  it('§9: the choices are truck, barge, rail, unknown', () => {
    expect([...modesOfTransport]).toEqual(['truck', 'barge', 'rail', 'unknown']);
  });

  it('§6: needs canNmot; a terminal never chooses', () => {
    expect(nmotPermission('other', { canNmot: true })).toBe('allowed');
    expect(nmotPermission('other', { canNmot: false })).toBe('subscriptionRequired');
    expect(nmotPermission('terminal', { canNmot: true })).toBe('forbidden');
  });

  it('§6 "Only the owner in the chain": the owner may, others are refused with why', () => {
    expect(nmotRefusal(owned)).toBeNull();
    expect(nmotRefusal({ ...owned, transferStatus: 'assigned' })).toBeNull();
    expect(nmotRefusal({ ...owned, isOwner: false, transferStatus: 'transferred' })).toBe(
      'notOwned',
    );
    expect(nmotRefusal({ ...owned, inChain: false, isOwner: false })).toBe('notInChain');
    expect(nmotRefusal({ ...owned, releaseStatus: 'deleted' })).toBe('deleted');
    expect(nmotRefusal({ ...owned, releaseStatus: 'gateout' })).toBe('gateOut');
  });

  it('§2: offered over a selection with some release not passed on', () => {
    const context = { role: 'other' as const, features: { canNmot: true } };
    expect(nmotEnabled([{ transferStatus: 'owned' }], context)).toBe(true);
    expect(nmotEnabled([{ transferStatus: 'transferred' }], context)).toBe(false);
    expect(nmotEnabled([], context)).toBe(false);
    expect(
      nmotEnabled([{ transferStatus: 'owned' }], { ...context, features: { canNmot: false } }),
    ).toBe(false);
  });
});
