import { describe, expect, it } from 'vitest';
import {
  applyLedgerEvent,
  LedgerReplayError,
  projectionDifferences,
  replayRelease,
  type ProjectableEvent,
  type ReleaseProjection,
  type StoredReleaseState,
} from './projection.ts';

const carrier = 1;
const forwarder = 2;
const haulier = 3;
const at = '2027-03-10T09:00:00.000Z';

let sequence = 0;
/** An event of the test's chain: the next sequence, version as given. */
function event(operation: string, fields: Partial<ProjectableEvent> = {}): ProjectableEvent {
  sequence += 1;
  return {
    sequence,
    operation,
    releaseVersion: fields.releaseVersion ?? sequence,
    sourceOrganizationId: null,
    targetOrganizationId: null,
    description: null,
    createdAt: at,
    pincodeCopies: null,
    ...fields,
  };
}

function created() {
  sequence = 0;
  return event('create', {
    sourceOrganizationId: carrier,
    description: { container: { validFrom: '2027-03-01', validUntil: '2027-03-31' } },
    pincodeCopies: { '0xCarrier': '0xh1' },
  });
}
const transfer = (from: number, to: number) =>
  event('transfer', { sourceOrganizationId: from, targetOrganizationId: to, pincodeCopies: {} });
const by = (operation: string, organization: number, description: unknown = null) =>
  event(operation, { sourceOrganizationId: organization, description });
const system = (operation: string, description: unknown = null) =>
  event(operation, { description });

const active = (state: ReleaseProjection) =>
  state.parties
    .filter((p) => p.active)
    .map((p) => [p.organizationId, p.position, p.transferStatus]);

describe('domain replayRelease: a release’s state from its ledger (releases spec §4 "Effects")', () => {
  it('creation: the carrier holds it, owned at position 0, released, its validity from the statement', () => {
    const state = replayRelease([created()]);
    expect(state).toMatchObject({
      version: 1,
      carrierOrganizationId: carrier,
      holderOrganizationId: carrier,
      releaseStatus: 'released',
      validFrom: '2027-03-01',
      validUntil: '2027-03-31',
      releasedOn: '2027-03-10',
      archived: false,
      assignment: null,
      pincodeCopies: { '0xCarrier': '0xh1' },
    });
    expect(active(state)).toEqual([[carrier, 0, 'owned']]);
  });

  it('§4 transfer: the sender transferred (to whom), the recipient owns one position further', () => {
    const state = replayRelease([
      created(),
      transfer(carrier, forwarder),
      transfer(forwarder, haulier),
    ]);
    expect(state.holderOrganizationId).toBe(haulier);
    expect(active(state)).toEqual([
      [carrier, 0, 'transferred'],
      [forwarder, 1, 'transferred'],
      [haulier, 2, 'owned'],
    ]);
    expect(state.parties[1]).toMatchObject({
      receivedFromOrganizationId: carrier,
      transferredToOrganizationId: haulier,
    });
  });

  it('§4 revoke: the later parties leave the chain, the revoker owns again, a later assignment ends', () => {
    const state = replayRelease([
      created(),
      transfer(carrier, forwarder),
      transfer(forwarder, haulier),
      by('assign', haulier, {
        assignee: {
          type: 'driver',
          name: 'Jan',
          identification: '123456',
          identificationType: 'alfapass',
        },
      }),
      by('revoke', carrier),
    ]);
    expect(state.holderOrganizationId).toBe(carrier);
    expect(active(state)).toEqual([[carrier, 0, 'owned']]);
    expect(state.parties.filter((p) => !p.active).map((p) => p.organizationId)).toEqual([
      forwarder,
      haulier,
    ]);
    expect(state.assignment).toBeNull();
    // Transferred again after the revoke: a new row at the same position.
    const again = applyLedgerEvent(state, transfer(carrier, forwarder));
    expect(active(again)).toEqual([
      [carrier, 0, 'transferred'],
      [forwarder, 1, 'owned'],
    ]);
  });

  it('§4 block and unblock: blocked, then released, or expired when its validity passed meanwhile', () => {
    const blocked = replayRelease([created(), by('block', carrier)]);
    expect(blocked.releaseStatus).toBe('blocked');
    expect(applyLedgerEvent(blocked, by('unblock', carrier)).releaseStatus).toBe('released');
    const late = { ...by('unblock', carrier), createdAt: '2027-04-02T09:00:00.000Z' };
    expect(applyLedgerEvent(blocked, late).releaseStatus).toBe('expired');
  });

  it('§4 pincode: the fetcher’s owned row becomes pinRetrieved; §4 assign and unassign', () => {
    const fetched = replayRelease([
      created(),
      transfer(carrier, forwarder),
      by('pincode', forwarder),
    ]);
    expect(active(fetched).at(-1)).toEqual([forwarder, 1, 'pinRetrieved']);
    const assigned = replayRelease([
      created(),
      transfer(carrier, haulier),
      by('assign', haulier, {
        assignee: {
          type: 'barge',
          name: 'Maria',
          identification: 'ENI1',
          identificationType: 'eni',
        },
        visitNumber: 'V9',
      }),
    ]);
    expect(assigned.assignment).toEqual({
      organizationId: haulier,
      type: 'barge',
      name: 'Maria',
      identification: 'ENI1',
      identificationType: 'eni',
      identificationMasked: '•••',
      visitNumber: 'V9',
    });
    expect(active(assigned).at(-1)).toEqual([haulier, 1, 'assigned']);
    const unassigned = applyLedgerEvent(assigned, by('unassign', haulier));
    expect(unassigned.assignment).toBeNull();
    expect(active(unassigned).at(-1)).toEqual([haulier, 1, 'owned']);
  });

  it('§4 "sending to PCS": the in-between state, then what the PCS answered', () => {
    const sending = replayRelease([
      created(),
      transfer(carrier, forwarder),
      by('transferToPcs', forwarder),
    ]);
    expect(sending.pcs).toEqual({ status: 'sending', sentToPcs: true, reference: null });
    expect(active(sending).at(-1)).toEqual([forwarder, 1, 'sendingToPcs']);
    const accepted = applyLedgerEvent(
      sending,
      by('pcsAnswer', forwarder, {
        action: 'transferToPcs',
        pcsResult: 'accepted',
        reference: 'R1',
      }),
    );
    expect(accepted.pcs).toEqual({ status: 'sent', sentToPcs: true, reference: 'R1' });
    expect(active(accepted).at(-1)).toEqual([forwarder, 1, 'sentToPcs']);
    const refused = applyLedgerEvent(
      sending,
      by('pcsAnswer', forwarder, { action: 'transferToPcs', pcsResult: 'refused' }),
    );
    expect(refused.pcs).toEqual({ status: null, sentToPcs: false, reference: null });
    expect(active(refused).at(-1)).toEqual([forwarder, 1, 'owned']);
  });

  it('§4 lifetime and the gate: expired, archived, gate-out at its time; a gate check changes nothing', () => {
    const start = created();
    const checked = replayRelease([start, system('terminalCheck')]);
    expect(checked).toEqual({ ...replayRelease([created()]), version: 2 });
    const out = replayRelease([
      created(),
      system('gateOut', { gateOutAt: '2027-03-12T10:00:00.000Z' }),
      system('archive'),
    ]);
    expect(out).toMatchObject({
      releaseStatus: 'gateout',
      gateOutAt: '2027-03-12T10:00:00.000Z',
      archived: true,
    });
    expect(replayRelease([created(), system('expire')]).releaseStatus).toBe('expired');
    expect(replayRelease([created(), by('delete', carrier)]).releaseStatus).toBe('deleted');
  });

  it('§3 an edit of validUntil: an expired release that is valid again is released', () => {
    const state = replayRelease([
      created(),
      system('expire'),
      by('edit', carrier, { changes: { validUntil: '2027-04-30' } }),
    ]);
    expect(state).toMatchObject({ validUntil: '2027-04-30', releaseStatus: 'released' });
  });

  it('§4 "Traffic light" and §7 nmots: the lights and the next mode of transport as recorded', () => {
    const state = replayRelease([
      created(),
      system('portStatus', {
        light: 'customs',
        value: 'released',
        updatedAt: '2027-03-10T08:00:00.000Z',
        source: 'Port',
      }),
      by('nextModeOfTransport', carrier, { modeOfTransport: 'barge' }),
    ]);
    expect(state.greenLights?.events.customs).toMatchObject({ value: 'released' });
    expect(state.greenLights?.source).toBe('Port');
    expect(state.nextModeOfTransport).toBe('barge');
  });

  it('an impossible history is refused with the event that breaks it', () => {
    const fails = (events: ProjectableEvent[], message: RegExp) => {
      const error = (() => {
        try {
          replayRelease(events);
        } catch (e) {
          return e;
        }
        return null;
      })();
      expect(error).toBeInstanceOf(LedgerReplayError);
      expect((error as LedgerReplayError).message).toMatch(message);
      return error as LedgerReplayError;
    };
    expect(fails([], /no ledger events/).sequence).toBe(1);
    sequence = 0;
    fails([by('transfer', carrier)], /first event is transfer/);
    expect(
      fails([created(), transfer(forwarder, haulier)], /transfer by organisation 2/).sequence,
    ).toBe(2);
    fails([created(), created()], /created twice/);
    fails([created(), system('rewrite')], /unknown operation rewrite/);
  });
});

describe('domain projectionDifferences: every stored field that is not what the ledger says', () => {
  const replayed = () => replayRelease([created(), transfer(carrier, forwarder)]);
  const stored = (): StoredReleaseState => {
    const state = replayed();
    return {
      ...state,
      parties: state.parties.map((p) => ({ ...p, releaseStatus: state.releaseStatus })),
      pincodeCopies: {},
    };
  };

  it('agrees with its own replay', () => {
    expect(projectionDifferences(stored(), replayed())).toEqual([]);
  });

  it('names each field with the stored and the replayed value', () => {
    const tampered = stored();
    tampered.releaseStatus = 'blocked';
    tampered.holderOrganizationId = haulier;
    tampered.parties[1]!.organizationId = haulier;
    tampered.parties[0]!.releaseStatus = 'blocked';
    expect(projectionDifferences(tampered, replayed())).toEqual([
      { field: 'holderOrganizationId', stored: haulier, replayed: forwarder },
      { field: 'releaseStatus', stored: 'blocked', replayed: 'released' },
      { field: 'parties[1].organizationId', stored: haulier, replayed: forwarder },
      { field: 'parties[0].releaseStatus', stored: 'blocked', replayed: 'released' },
    ]);
  });

  it('a party revoked out, a pincode copy, an assignment: each compared', () => {
    const tampered = stored();
    tampered.parties[1]!.active = false;
    tampered.pincodeCopies = { '0xOther': '0xh9' };
    tampered.assignment = {
      organizationId: forwarder,
      type: 'driver',
      identification: '1',
      identificationType: 'alfapass',
      identificationMasked: null,
      name: 'X',
      visitNumber: null,
    };
    expect(projectionDifferences(tampered, replayed()).map((d) => d.field)).toEqual([
      'parties[1]',
      'formerParties',
      'assignment',
      'pincodeCopies',
    ]);
  });
});
