import { describe, expect, it } from 'vitest';
import { gateRefusals } from '../api/transporters.ts';
import {
  gateCheck,
  gateOutRefusal,
  gateRefusalMessages,
  sameIdentification,
  type GateReleaseFacts,
} from './gate-check.ts';
import { normalizeBulkPair } from './bulk-operations.ts';
import { normalizeContainerNumber } from './container-number.ts';

const today = '2026-11-23';
const live: GateReleaseFacts = {
  releaseStatus: 'released',
  isSecurePickup: true,
  validFrom: '2026-11-01',
  validUntil: '2026-12-31',
};
const alfaPass = { identificationType: 'alfapass' as const, identification: '123456' };
const shown = { type: 'alfapass' as const, value: '123456' };

describe('DESIGN §3 "Secure pick-up: assignment and the gate": POST gate-checks', () => {
  it('allows the assigned identification of a live secure pick-up', () => {
    expect(gateCheck(live, alfaPass, shown, today)).toEqual({ allowed: true });
    expect(gateCheck(live, alfaPass, { ...shown, value: ' 123456 ' }, today)).toEqual({
      allowed: true,
    });
  });

  it.each([
    ['notFound', null, alfaPass, shown],
    ['deleted', { ...live, releaseStatus: 'deleted' }, alfaPass, shown],
    ['gateOutDone', { ...live, releaseStatus: 'gateout' }, alfaPass, shown],
    ['blocked', { ...live, releaseStatus: 'blocked' }, alfaPass, shown],
    ['blocked', { ...live, releaseStatus: 'blockedForScanning' }, alfaPass, shown],
    ['expired', { ...live, releaseStatus: 'expired' }, alfaPass, shown],
    ['expired', { ...live, validUntil: '2026-11-22' }, alfaPass, shown],
    ['notValidYet', { ...live, validFrom: '2026-11-24' }, alfaPass, shown],
    ['notSecurePickup', { ...live, isSecurePickup: false }, alfaPass, shown],
    ['notAssigned', live, null, shown],
    ['otherIdentification', live, alfaPass, { ...shown, value: '654321' }],
    ['otherIdentification', live, alfaPass, { type: 'itsme', value: '123456' }],
  ] as const)('refuses with %s', (reason, release, assignment, presented) => {
    expect(gateCheck(release as GateReleaseFacts | null, assignment, presented, today)).toEqual({
      allowed: false,
      reason,
    });
  });

  it('is valid on its last day and from its first day (releases spec §4 "Commercial release lifetime")', () => {
    expect(gateCheck({ ...live, validUntil: today }, alfaPass, shown, today).allowed).toBe(true);
    expect(gateCheck({ ...live, validFrom: today }, alfaPass, shown, today).allowed).toBe(true);
  });

  it('access spec §3 "alfaPass … no leading zero added": 12345 is not 012345', () => {
    const old = { identificationType: 'alfapass' as const, identification: '12345' };
    expect(sameIdentification(old, { type: 'alfapass', value: '012345' })).toBe(false);
    expect(sameIdentification(old, { type: 'alfapass', value: '12345' })).toBe(true);
  });

  it('compares ENI numbers and train codes without case', () => {
    expect(
      sameIdentification(
        { identificationType: 'eni', identification: '0600abcd' },
        { type: 'eni', value: '0600ABCD' },
      ),
    ).toBe(true);
    expect(
      sameIdentification(
        { identificationType: 'itsme', identification: 'abc' },
        { type: 'itsme', value: 'ABC' },
      ),
    ).toBe(false);
  });

  it('has an English message for every refusal of the contract', () => {
    for (const reason of gateRefusals)
      expect(gateRefusalMessages[reason].length).toBeGreaterThan(5);
  });

  it('reads container numbers as a release stores them: one normaliser for create, gate, bulk and green lights', () => {
    // "mscu 123456-6" at create is MSCU1234566; the gate, a bulk file and a light say the same.
    expect(normalizeContainerNumber(' msku 1234567 ')).toBe('MSKU1234567');
    expect(normalizeContainerNumber('mscu 123456-6')).toBe('MSCU1234566');
    expect(normalizeContainerNumber('MSCU.123456/6')).toBe('MSCU1234566');
    expect(normalizeBulkPair(' bl1 ', 'mscu 123456-6')).toEqual({
      blNumber: 'BL1',
      containerNumber: 'MSCU1234566',
    });
  });
});

describe('DESIGN §3 POST gate-outs; releases spec §4 "Release status"', () => {
  it.each([
    ['released', null],
    ['expired', null],
    ['gateout', 'gateOutDone'],
    ['deleted', 'deleted'],
    ['blocked', 'blocked'],
    ['blockedForScanning', 'blocked'],
  ] as const)('a %s release: %s', (releaseStatus, refusal) => {
    expect(gateOutRefusal({ releaseStatus })).toBe(refusal);
  });
});
