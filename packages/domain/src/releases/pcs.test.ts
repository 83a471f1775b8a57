import { describe, expect, it } from 'vitest';
import { held as heldRelease, me } from './action-fixtures.ts';
import { enabledActions, type ActionContext } from './action-rules.ts';
import type { RefusedRelease } from './custody.ts';
import { custodyPermission } from './custody.ts';
import { callerFacts, custodyRefusal, type CustodyReleaseFacts } from './custody-refusal.ts';
import {
  designatesSupportedPcs,
  pcsDialogGroups,
  pcsReportLine,
  pcsStateAfter,
  pcsStateWhileSending,
} from './pcs.ts';

const held: CustodyReleaseFacts = {
  ...heldRelease,
  ediPcs: 'C-Point',
  pcsStatus: null,
  availableInPcs: false,
};
const r = (fields: Partial<CustodyReleaseFacts>) => ({ ...held, ...fields });
const caller = { organizationId: me, features: { canFetchPincode: true } };
const sent = r({ sentToPcs: true, pcsStatus: 'sent', availableInPcs: true });

describe('releases spec §3 `ediPcs`, §4 "terminal has no PCS": the supported PCS', () => {
  it('reads C-Point however the EDI spells it, and nothing else', () => {
    for (const value of ['CPOINT', 'C-Point', 'c point', ' cpoint ']) {
      expect(designatesSupportedPcs(value)).toBe(true);
    }
    for (const value of [null, undefined, '', 'PORTBASE', 'CPOINT2X']) {
      expect(designatesSupportedPcs(value)).toBe(false);
    }
  });
});

describe('releases spec §4 "Action rules": Transfer to PCS, refused by the server for', () => {
  it.each([
    ['alreadyTransferred', r({ party: { transferStatus: 'transferred' }, ownerOrganizationId: 9 })],
    ['noPcs', r({ ediPcs: null })],
    ['noPcs', r({ ediPcs: 'PORTBASE' })],
    ['sendStatusConflict', r({ sentToPcs: true, pcsStatus: 'sending' })],
    ['sendStatusConflict', sent],
    ['deleted', r({ releaseStatus: 'deleted' })],
    ['gateOut', r({ releaseStatus: 'gateout' })],
    ['assigned', r({ party: { transferStatus: 'assigned' } })],
    ['pincodeFetched', r({ pincodeFetched: true })],
    ['notInChain', r({ party: null, ownerOrganizationId: 9 })],
  ] as const)('%s', (reason, release) => {
    expect(custodyRefusal('transferToPcs', release, caller)).toBe(reason);
  });

  it('lets the owner send a release of a terminal with the PCS', () => {
    expect(custodyRefusal('transferToPcs', held, caller)).toBeNull();
    expect(callerFacts(held, me)).toMatchObject({ terminalHasPcs: true, availableInPcs: false });
  });
});

describe('releases spec §4 "Action rules": Revoke from PCS, refused by the server for', () => {
  it.each([
    ['notInPcs', r({ sentToPcs: true, pcsStatus: 'sent', availableInPcs: false })],
    ['sendStatusConflict', held],
    ['sendStatusConflict', r({ sentToPcs: true, pcsStatus: 'sending', availableInPcs: false })],
    ['sendStatusConflict', r({ sentToPcs: true, pcsStatus: 'revoking', availableInPcs: true })],
    ['noPcs', { ...sent, ediPcs: null }],
  ] as const)('%s', (reason, release) => {
    expect(custodyRefusal('revokeFromPcs', release, caller)).toBe(reason);
  });

  it('lets the owner take back a release the PCS holds', () => {
    expect(custodyRefusal('revokeFromPcs', sent, caller)).toBeNull();
  });
});

describe('releases spec §2, §6: who may use the PCS actions', () => {
  it('non-carriers only; the interface offers them to organisations connected to the PCS', () => {
    expect(custodyPermission('transferToPcs', 'carrier', { canTransferRevoke: true })).toBe(
      'forbidden',
    );
    expect(custodyPermission('revokeFromPcs', 'terminal', { canTransferRevoke: true })).toBe(
      'forbidden',
    );
    expect(custodyPermission('transferToPcs', 'other', { canTransferRevoke: false })).toBe(
      'allowed',
    );
    const context = (connectedToPcs: boolean): ActionContext => ({
      role: 'other',
      features: {} as ActionContext['features'],
      hasActiveTransporter: false,
      connectedToPcs,
      view: 'container',
    });
    const row = {
      transferStatus: 'owned' as const,
      releaseStatus: 'released' as const,
      sentToPcs: false,
      ediPcs: 'CPOINT',
    };
    expect(enabledActions([row], context(true)).transferToPcs).toBe(true);
    expect(enabledActions([row], context(false)).transferToPcs).toBe(false);
    expect(enabledActions([row], context(true)).revokeFromPcs).toBe(false);
    const sentRow = { ...row, sentToPcs: true, transferStatus: 'sentToPcs' as const };
    expect(enabledActions([sentRow], context(true))).toMatchObject({
      transferToPcs: false,
      revokeFromPcs: true,
    });
  });
});

describe('releases spec §4 "sending to PCS", "sent to PCS": the state machine, never half-sent', () => {
  it('a transfer waits "sending", then is "sent" or back to owned', () => {
    expect(pcsStateWhileSending('transferToPcs')).toEqual({
      pcsStatus: 'sending',
      transferStatus: 'sendingToPcs',
      sentToPcs: true,
    });
    expect(pcsStateAfter('transferToPcs', 'accepted')).toEqual({
      pcsStatus: 'sent',
      transferStatus: 'sentToPcs',
      sentToPcs: true,
    });
    for (const result of ['refused', 'failed'] as const) {
      expect(pcsStateAfter('transferToPcs', result)).toEqual({
        pcsStatus: null,
        transferStatus: 'owned',
        sentToPcs: false,
      });
    }
  });

  it('a revoke stays held by the PCS until it answers; refused or failed, it still is', () => {
    expect(pcsStateWhileSending('revokeFromPcs')).toMatchObject({ pcsStatus: 'revoking' });
    expect(pcsStateAfter('revokeFromPcs', 'accepted')).toMatchObject({ pcsStatus: null });
    expect(pcsStateAfter('revokeFromPcs', 'refused', 'notInPcs')).toMatchObject({
      pcsStatus: null,
      transferStatus: 'owned',
    });
    expect(pcsStateAfter('revokeFromPcs', 'refused', 'other')).toMatchObject({
      pcsStatus: 'sent',
      transferStatus: 'sentToPcs',
    });
    expect(pcsStateAfter('revokeFromPcs', 'failed')).toMatchObject({ pcsStatus: 'sent' });
  });
});

describe('releases spec §4 "In the PCS dialog", §8 "PCS operations show successes and errors"', () => {
  const refused = (address: string, reason: RefusedRelease['reason']): RefusedRelease => ({
    address,
    blNumber: 'BL',
    containerNumber: address,
    reason,
    error: reason,
  });

  it('lists no PCS, send-status conflicts and already transferred separately, the rest as other', () => {
    const groups = pcsDialogGroups([
      refused('a', 'noPcs'),
      refused('b', 'sendStatusConflict'),
      refused('c', 'alreadyTransferred'),
      refused('d', 'notFound'),
      refused('e', 'noPcs'),
    ]);
    expect(
      Object.fromEntries(Object.entries(groups).map(([k, v]) => [k, v.map((x) => x.address)])),
    ).toEqual({
      noPcs: ['a', 'e'],
      sendStatusConflict: ['b'],
      alreadyTransferred: ['c'],
      other: ['d'],
    });
  });

  it('words each release of a report: done, refused with why, pending', () => {
    const release = { address: 'a', blNumber: 'BL', containerNumber: 'C' };
    expect(pcsReportLine(release, { result: 'accepted', reason: null, message: 'x' })).toEqual({
      ...release,
      result: 'done',
      reason: null,
      error: null,
    });
    expect(pcsReportLine(release, { result: null, reason: null, message: null })).toMatchObject({
      result: 'pending',
      reason: 'pcsPending',
    });
    expect(
      pcsReportLine(release, { result: 'failed', reason: null, message: 'the PCS answered 503' }),
    ).toMatchObject({ result: 'refused', reason: 'pcsUnavailable', error: 'the PCS answered 503' });
    expect(
      pcsReportLine(release, { result: 'refused', reason: 'notInPcs', message: null }),
    ).toMatchObject({ result: 'refused', reason: 'notInPcs' });
    expect(
      pcsReportLine(release, { result: 'refused', reason: 'expired', message: 'too late' }),
    ).toMatchObject({ result: 'refused', reason: 'pcsRefused', error: 'too late' });
  });
});
