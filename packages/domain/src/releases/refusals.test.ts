import { describe, expect, it } from 'vitest';
import { classifyBulkRow } from './bulk-classification.ts';
import { pincodeEligibility, pincodeMessages } from './pincode-eligibility.ts';
import {
  changeRefusal,
  closedMessages,
  isClosedReason,
  refusalReason,
  type ReleaseForCaller,
} from './refusals.ts';

const owned: ReleaseForCaller = {
  releaseStatus: 'released',
  inChain: true,
  isOwner: true,
  isCarrier: false,
  transferStatus: 'owned',
  sentToPcs: false,
  pinRetrieved: false,
  hasAssignee: false,
  securePickupEnabled: true,
  terminalHasPcs: true,
  availableInPcs: true,
};
const r = (fields: Partial<ReleaseForCaller>) => ({ ...owned, ...fields });

describe('releases spec §4 "Action rules": Transfer is refused by the server for', () => {
  it.each([
    ['assigned', r({ transferStatus: 'assigned' })],
    ['deleted', r({ releaseStatus: 'deleted' })],
    ['gateOut', r({ releaseStatus: 'gateout' })],
    ['notOwned', r({ isOwner: false, transferStatus: 'transferred' })],
    ['sentToPcs', r({ sentToPcs: true })],
    ['pincodeFetched', r({ pinRetrieved: true })],
    ['notInChain', r({ inChain: false, isOwner: false, transferStatus: null })],
  ] as const)('%s', (reason, release) => {
    expect(refusalReason('transfer', release)).toBe(reason);
  });

  it('lets the owner transfer an eligible release', () => {
    expect(refusalReason('transfer', owned)).toBeNull();
  });
});

describe('releases spec §4 "Action rules": Revoke is refused by the server for', () => {
  const transferred = r({ isOwner: false, transferStatus: 'transferred' });
  it.each([
    ['alreadyOwner', owned],
    ['deleted', r({ ...transferred, releaseStatus: 'deleted' })],
    ['notInChain', r({ ...transferred, inChain: false })],
  ] as const)('%s', (reason, release) => {
    expect(refusalReason('revoke', release)).toBe(reason);
  });

  it('lets a party revoke what it passed on', () => {
    expect(refusalReason('revoke', transferred)).toBeNull();
  });
});

describe('releases spec §4 "Action rules": Assign and Unassign are refused by the server for', () => {
  it.each([
    ['deleted', r({ releaseStatus: 'deleted' })],
    ['gateOut', r({ releaseStatus: 'gateout' })],
    ['notOwned', r({ isOwner: false })],
    ['sentToPcs', r({ sentToPcs: true })],
    ['notSecurePickup', r({ securePickupEnabled: false })],
  ] as const)('%s', (reason, release) => {
    expect(refusalReason('assign', release)).toBe(reason);
    expect(refusalReason('unassign', { ...release, hasAssignee: true })).toBe(reason);
  });

  it('refuses to unassign a release with no assignee', () => {
    expect(refusalReason('unassign', owned)).toBe('noAssignee');
    expect(refusalReason('unassign', r({ hasAssignee: true }))).toBeNull();
  });
});

describe('releases spec §4 "Action rules": Block and Unblock', () => {
  it('only the carrier may block or unblock', () => {
    expect(refusalReason('block', owned)).toBe('notCarrier');
    expect(refusalReason('unblock', owned)).toBe('notCarrier');
    expect(refusalReason('block', r({ isCarrier: true }))).toBeNull();
  });

  it('block changes a released release only; unblock a blocked one only (§4 "Effects")', () => {
    const carrier = (fields: Partial<ReleaseForCaller>) => r({ isCarrier: true, ...fields });
    expect(refusalReason('block', carrier({ releaseStatus: 'blocked' }))).toBe('alreadyBlocked');
    expect(refusalReason('block', carrier({ releaseStatus: 'deleted' }))).toBe('deleted');
    expect(refusalReason('block', carrier({ releaseStatus: 'gateout' }))).toBe('gateOut');
    expect(refusalReason('unblock', carrier({ releaseStatus: 'released' }))).toBe('notBlocked');
    expect(refusalReason('unblock', carrier({ releaseStatus: 'blocked' }))).toBeNull();
  });
});

describe('releases spec §4 "Action rules": PCS', () => {
  it('Transfer to PCS is refused for already transferred, no PCS, send-status conflict', () => {
    expect(refusalReason('transferToPcs', r({ transferStatus: 'transferred' }))).toBe(
      'alreadyTransferred',
    );
    expect(refusalReason('transferToPcs', r({ terminalHasPcs: false }))).toBe('noPcs');
    expect(refusalReason('transferToPcs', r({ sentToPcs: true }))).toBe('sendStatusConflict');
  });

  it('Revoke from PCS is refused for not available in PCS, send-status conflict, no PCS', () => {
    const sent = r({ sentToPcs: true });
    expect(refusalReason('revokeFromPcs', { ...sent, availableInPcs: false })).toBe('notInPcs');
    expect(refusalReason('revokeFromPcs', owned)).toBe('sendStatusConflict');
    expect(refusalReason('revokeFromPcs', { ...sent, terminalHasPcs: false })).toBe('noPcs');
    expect(refusalReason('revokeFromPcs', sent)).toBeNull();
  });
});

describe('releases spec §4 "Pincode eligibility"', () => {
  const plain = { pinsAllowed: true, securePickupEnabled: false };
  const secure = { pinsAllowed: true, securePickupEnabled: true };
  const base = {
    releaseStatus: 'released' as const,
    sentToPcs: false,
    isOwner: true,
    transferStatus: 'owned' as const,
  };
  const canFetch = { canFetchPincode: true };

  it('gives the owner of an eligible release its pincode', () => {
    expect(pincodeEligibility(base, plain, canFetch)).toBeNull();
  });

  it.each(['blocked', 'deleted', 'gateout'] as const)(
    '"Not allowed to fetch pincode" when %s',
    (status) => {
      expect(pincodeEligibility({ ...base, releaseStatus: status }, plain, canFetch)).toBe(
        'notAllowed',
      );
    },
  );

  it('"Release sent to PCS"', () => {
    expect(pincodeEligibility({ ...base, sentToPcs: true }, plain, canFetch)).toBe('sentToPcs');
  });

  it('"Pins disabled" where the location allows no pins', () => {
    expect(pincodeEligibility(base, { ...plain, pinsAllowed: false }, canFetch)).toBe(
      'pinsDisabled',
    );
  });

  it('"Must assign to fetch pin" at a secure pick-up location, and canFetchPincode is needed there', () => {
    expect(pincodeEligibility(base, secure, canFetch)).toBe('mustAssign');
    expect(
      pincodeEligibility({ ...base, transferStatus: 'assigned' }, secure, canFetch),
    ).toBeNull();
    expect(
      pincodeEligibility({ ...base, transferStatus: 'assigned' }, secure, {
        canFetchPincode: false,
      }),
    ).toBe('notAllowed');
  });

  it('refuses a party that passed the release on (only the owner may fetch, §6)', () => {
    expect(
      pincodeEligibility(
        { ...base, isOwner: false, transferStatus: 'transferred' },
        plain,
        canFetch,
      ),
    ).toBe('notAllowed');
  });

  it('carries the four messages of the spec', () => {
    expect(Object.values(pincodeMessages)).toEqual([
      'Not allowed to fetch pincode',
      'Release sent to PCS',
      'Pins disabled',
      'Must assign to fetch pin',
    ]);
  });
});

describe('releases spec §4 "Bulk classification of uploaded BL + container pairs"', () => {
  const today = '2026-11-21';
  const release = {
    isOwner: true,
    transferStatus: 'owned' as const,
    releaseStatus: 'released' as const,
    validUntil: '2026-12-31',
    pinRetrieved: false,
  };
  it.each([
    ['notFoundOrNotOwned', null],
    ['notFoundOrNotOwned', { ...release, isOwner: false, transferStatus: 'owned' as const }],
    ['expired', { ...release, validUntil: '2026-11-20' }],
    ['alreadyTransferred', { ...release, isOwner: false, transferStatus: 'transferred' as const }],
    ['gateOut', { ...release, releaseStatus: 'gateout' as const }],
    ['deleted', { ...release, releaseStatus: 'deleted' as const }],
    ['pinFetched', { ...release, pinRetrieved: true }],
    ['blocked', { ...release, releaseStatus: 'blocked' as const }],
    ['eligible', release],
  ] as const)('%s', (expected, row) => {
    expect(classifyBulkRow(row, today)).toBe(expected);
  });
});

describe('issue 10 item 1, releases spec §6 "edit, delete": one refusal table for edit and delete', () => {
  const open = { releaseStatus: 'released', archived: false } as const;
  it.each(['edit', 'delete'] as const)('%s: deleted, then gate-out, then archived', (change) => {
    expect(changeRefusal(change, open)).toBeNull();
    expect(changeRefusal(change, { ...open, releaseStatus: 'expired' })).toBeNull();
    expect(changeRefusal(change, { ...open, releaseStatus: 'blocked' })).toBeNull();
    expect(changeRefusal(change, { ...open, releaseStatus: 'deleted', archived: true })).toBe(
      'deleted',
    );
    expect(changeRefusal(change, { ...open, releaseStatus: 'gateout', archived: true })).toBe(
      'gateOut',
    );
    expect(changeRefusal(change, { ...open, archived: true })).toBe('archived');
  });

  it('words each closed reason in English and narrows the codes', () => {
    for (const reason of ['deleted', 'gateOut', 'archived'] as const) {
      expect(closedMessages[reason]).toMatch(/can no longer be changed\.$/);
      expect(isClosedReason(reason)).toBe(true);
    }
    expect(isClosedReason('gateout')).toBe(false);
    expect(isClosedReason('toString')).toBe(false);
  });
});
