import { identificationCommitment } from '../ledger/identification.ts';
import { verifyMessage, Wallet } from 'ethers';
import { describe, expect, it } from 'vitest';
import { featureFlags, type Features } from '../features.ts';
import { parseStatement, statementText } from '../ledger/statements.ts';
import { enabledActions, type ActionContext, type SelectedRelease } from './action-rules.ts';
import {
  assignableTypes,
  chooseIdentification,
  identificationMethodAt,
  identificationRefusal,
  identificationTypesOf,
  spansSeveralAssignees,
  type AssignmentTerminal,
} from './assignment.ts';
import {
  custodyActions,
  custodyCall,
  custodyPermission,
  statementProblem,
  type EligibleRelease,
} from './custody.ts';
import { custodyRefusalKey, custodyRefusalText } from './custody-refusal.ts';
import { refusalReason, type ReleaseForCaller } from './refusals.ts';

const alfapassTerminal: AssignmentTerminal = {
  code: 'K1700',
  identificationMethod: 'alfapass',
  portLocode: 'BEANR',
  connected: true,
};
const itsmeTerminal: AssignmentTerminal = {
  code: 'LIM01',
  identificationMethod: 'itsme',
  portLocode: 'BEGNK',
  connected: false,
};
const unconfigured: AssignmentTerminal = {
  code: 'X1',
  identificationMethod: null,
  portLocode: 'NLRTM',
  connected: true,
};
const linked = { portCommunityLinked: true };
const driver = { type: 'driver' as const, alfaPass: '123456', itsmeCode: 'itsme-sub-1' };

describe('releases spec §5, access spec §5: the port rules over the terminal’s own method', () => {
  const asAlfa = { type: 'driver', identificationType: 'alfapass' } as const;
  const asItsme = { type: 'driver', identificationType: 'itsme' } as const;

  it('Antwerp takes alfaPass, whatever its terminal is set to', () => {
    const misconfigured = { ...alfapassTerminal, identificationMethod: 'itsme' as const };
    expect(identificationMethodAt(misconfigured)).toBe('alfapass');
    expect(identificationRefusal(asItsme, misconfigured, linked)).toBe('missingAlfaPass');
    expect(identificationRefusal(asAlfa, misconfigured, linked)).toBeNull();
    expect(chooseIdentification(driver, [misconfigured], linked)).toMatchObject({
      ok: true,
      assignee: { identificationType: 'alfapass' },
    });
  });

  it('Port of Limburg takes itsme, whatever its terminal is set to', () => {
    for (const identificationMethod of ['alfapass', null] as const) {
      const terminal = { ...itsmeTerminal, identificationMethod };
      expect(identificationMethodAt(terminal)).toBe('itsme');
      expect(identificationRefusal(asAlfa, terminal, linked)).toBe('missingItsme');
      expect(identificationRefusal(asItsme, terminal, linked)).toBeNull();
    }
  });

  it('elsewhere the terminal’s own method applies, and none means none', () => {
    const rotterdam = { ...unconfigured, identificationMethod: 'itsme' as const };
    expect(identificationMethodAt(rotterdam)).toBe('itsme');
    expect(identificationMethodAt(unconfigured)).toBeNull();
    expect(identificationRefusal(asAlfa, unconfigured, linked)).toBe('noIdentificationMethod');
  });

  it('Antwerp still needs the linked port-community account', () => {
    expect(identificationRefusal(asAlfa, alfapassTerminal, { portCommunityLinked: false })).toBe(
      'missingPortAccount',
    );
  });
});

describe('releases spec §5 "Assign identification": the rule per terminal method', () => {
  it('alfapass needs the driver’s alfaPass and a connection to the terminal system', () => {
    const asAlfa = { type: 'driver', identificationType: 'alfapass' } as const;
    expect(identificationRefusal(asAlfa, alfapassTerminal, linked)).toBeNull();
    expect(identificationRefusal(asAlfa, { ...alfapassTerminal, connected: false }, linked)).toBe(
      'noTerminalConnection',
    );
    expect(
      identificationRefusal(
        { type: 'driver', identificationType: 'itsme' },
        alfapassTerminal,
        linked,
      ),
    ).toBe('missingAlfaPass');
  });

  it('itsme needs an itsme code', () => {
    expect(
      identificationRefusal({ type: 'driver', identificationType: 'itsme' }, itsmeTerminal, linked),
    ).toBeNull();
    expect(
      identificationRefusal(
        { type: 'driver', identificationType: 'alfapass' },
        itsmeTerminal,
        linked,
      ),
    ).toBe('missingItsme');
  });

  it('Antwerp needs a linked port-community account for the organisation', () => {
    expect(
      identificationRefusal({ type: 'driver', identificationType: 'alfapass' }, alfapassTerminal, {
        portCommunityLinked: false,
      }),
    ).toBe('missingPortAccount');
    expect(
      identificationRefusal({ type: 'barge', identificationType: 'eni' }, alfapassTerminal, {
        portCommunityLinked: false,
      }),
    ).toBe('missingPortAccount');
  });

  it('otherwise "No identification method was configured for the selected terminal(s)."', () => {
    expect(
      identificationRefusal(
        { type: 'driver', identificationType: 'alfapass' },
        unconfigured,
        linked,
      ),
    ).toBe('noIdentificationMethod');
    expect(custodyRefusalText('assign', 'noIdentificationMethod')).toBe(
      'No identification method was configured for the selected terminal(s).',
    );
    expect(custodyRefusalKey('assign', 'missingAlfaPass')).toBe(
      'assignment.refusal.missingAlfaPass',
    );
  });

  it('barges and trains are known by their ENI number and train code', () => {
    expect(identificationTypesOf('barge')).toEqual(['eni']);
    expect(identificationTypesOf('train')).toEqual(['train']);
    expect(identificationTypesOf('driver')).toEqual(['alfapass', 'itsme']);
    expect(
      chooseIdentification({ type: 'barge', eniNumber: '12345678' }, [unconfigured], linked),
    ).toEqual({
      ok: true,
      assignee: { type: 'barge', identification: '12345678', identificationType: 'eni' },
    });
  });

  it('over a selection: the one identification all terminals accept, else why none (Assign disabled)', () => {
    expect(chooseIdentification(driver, [alfapassTerminal], linked)).toEqual({
      ok: true,
      assignee: { type: 'driver', identification: '123456', identificationType: 'alfapass' },
    });
    expect(chooseIdentification(driver, [itsmeTerminal], linked)).toMatchObject({
      ok: true,
      assignee: { identificationType: 'itsme', identification: 'itsme-sub-1' },
    });
    expect(chooseIdentification({ ...driver, alfaPass: null }, [alfapassTerminal], linked)).toEqual(
      { ok: false, reason: 'missingAlfaPass' },
    );
    expect(chooseIdentification({ ...driver, itsmeCode: null }, [itsmeTerminal], linked)).toEqual({
      ok: false,
      reason: 'missingItsme',
    });
    expect(chooseIdentification(driver, [alfapassTerminal, unconfigured], linked)).toEqual({
      ok: false,
      reason: 'noIdentificationMethod',
    });
    expect(chooseIdentification(driver, [alfapassTerminal, itsmeTerminal], linked)).toEqual({
      ok: false,
      reason: 'mixedIdentificationMethods',
    });
  });

  it('warns when the selection spans several drivers, barges, trains or visit numbers', () => {
    const none = { assignedDrivers: [], assignedBarges: [], assignedTrains: [], visitNumbers: [] };
    expect(spansSeveralAssignees(none)).toBe(false);
    expect(spansSeveralAssignees({ ...none, assignedDrivers: ['A'] })).toBe(false);
    expect(spansSeveralAssignees({ ...none, assignedDrivers: ['A'], assignedBarges: ['B'] })).toBe(
      true,
    );
    expect(spansSeveralAssignees({ ...none, visitNumbers: ['V1', 'V2'] })).toBe(true);
  });
});

const allFeatures = Object.fromEntries(featureFlags.map((flag) => [flag, true])) as Features;

describe('releases spec §6: who may assign', () => {
  it('assign and unassign are custody actions of non-carriers only, terminals never', () => {
    expect(custodyActions).toEqual(expect.arrayContaining(['assign', 'unassign']));
    for (const action of ['assign', 'unassign'] as const) {
      expect(custodyPermission(action, 'other', allFeatures)).toBe('allowed');
      expect(custodyPermission(action, 'carrier', allFeatures)).toBe('forbidden');
      expect(custodyPermission(action, 'terminal', allFeatures)).toBe('forbidden');
    }
  });

  it('canAssignDriver / canAssignBarge / canAssignTrain each gate its tab', () => {
    expect(assignableTypes(allFeatures)).toEqual(['driver', 'barge', 'train']);
    expect(assignableTypes({ ...allFeatures, canAssignBarge: false })).toEqual(['driver', 'train']);
    expect(
      assignableTypes({
        ...allFeatures,
        canAssignDriver: false,
        canAssignBarge: false,
        canAssignTrain: false,
      }),
    ).toEqual([]);
  });
});

const facts = (fields: Partial<ReleaseForCaller> = {}): ReleaseForCaller => ({
  releaseStatus: 'released',
  inChain: true,
  isOwner: true,
  isCarrier: false,
  transferStatus: 'owned',
  sentToPcs: false,
  pinRetrieved: false,
  hasAssignee: false,
  securePickupEnabled: true,
  terminalHasPcs: false,
  availableInPcs: false,
  ...fields,
});

describe('releases spec §4 "Action rules": Assign and Unassign, refused by the server for', () => {
  it.each([
    ['deleted', { releaseStatus: 'deleted' as const }],
    ['gateOut', { releaseStatus: 'gateout' as const }],
    ['notOwned', { isOwner: false }],
    ['sentToPcs', { sentToPcs: true }],
    ['notSecurePickup', { securePickupEnabled: false }],
  ])('assign and unassign refuse %s', (reason, fields) => {
    expect(refusalReason('assign', facts(fields))).toBe(reason);
    expect(refusalReason('unassign', facts({ hasAssignee: true, ...fields }))).toBe(reason);
  });

  it('unassign also refuses releases with no assignee; assign takes an owned or assigned release', () => {
    expect(refusalReason('unassign', facts())).toBe('noAssignee');
    expect(refusalReason('unassign', facts({ hasAssignee: true }))).toBeNull();
    expect(refusalReason('assign', facts())).toBeNull();
    expect(refusalReason('assign', facts({ transferStatus: 'assigned', hasAssignee: true }))).toBe(
      null,
    );
  });

  it('"Effects": an assigned release is not transferred', () => {
    expect(refusalReason('transfer', facts({ transferStatus: 'assigned' }))).toBe('assigned');
  });
});

const selected = (fields: Partial<SelectedRelease> = {}): SelectedRelease => ({
  transferStatus: 'owned',
  releaseStatus: 'released',
  sentToPcs: false,
  ediPcs: null,
  ...fields,
});
const haulier: ActionContext = {
  role: 'other',
  features: allFeatures,
  hasActiveTransporter: true,
  connectedToPcs: false,
  view: 'container',
};

describe('releases spec §4 "Action rules": Assign and Un-assign in the split button', () => {
  it('Assign: not all transferred, an active transporter, not all sent, a tab to offer', () => {
    expect(enabledActions([selected()], haulier).assign).toBe(true);
    expect(enabledActions([selected({ transferStatus: 'transferred' })], haulier).assign).toBe(
      false,
    );
    expect(enabledActions([selected()], { ...haulier, hasActiveTransporter: false }).assign).toBe(
      false,
    );
    const noTabs = {
      ...allFeatures,
      canAssignDriver: false,
      canAssignBarge: false,
      canAssignTrain: false,
    };
    expect(enabledActions([selected()], { ...haulier, features: noTabs }).assign).toBe(false);
    expect(enabledActions([selected()], { ...haulier, role: 'carrier' }).assign).toBe(false);
    expect(enabledActions([selected()], { ...haulier, role: 'terminal' }).assign).toBe(false);
  });

  it('Un-assign: some are assigned, plus the same transporter and PCS conditions', () => {
    const mixed = [selected(), selected({ transferStatus: 'assigned' })];
    expect(enabledActions(mixed, haulier).unassign).toBe(true);
    expect(enabledActions([selected()], haulier).unassign).toBe(false);
    expect(enabledActions(mixed, { ...haulier, hasActiveTransporter: false }).unassign).toBe(false);
  });
});

describe('DESIGN §3 "Secure pick-up": the assignment statement', () => {
  const wallet = Wallet.createRandom();
  const release: EligibleRelease = {
    address: '0x' + 'ab'.repeat(20),
    blNumber: 'BL1',
    containerNumber: 'MSCU1234567',
    version: 3,
    encryptedPincode: null,
    pincodeHash: null,
  };
  const assignee = {
    type: 'driver',
    identification: '123456',
    identificationType: 'alfapass',
    salt: `0x${'ab'.repeat(16)}`,
  } as const;
  const commitment = identificationCommitment(assignee.salt, 'alfapass', '123456');
  const call = (fields: { visitNumber?: string | null } = {}) =>
    custodyCall({
      action: 'assign',
      by: wallet.address,
      at: new Date().toISOString(),
      covered: [{ release }],
      assignee,
      ...fields,
    });

  it('adds "assignee" with exactly its three fields, the identification by its commitment, and "visitNumber" when given', () => {
    const { statement, body } = call({ visitNumber: 'V-42' });
    expect(statement.assignee).toEqual({
      identificationCommitment: commitment,
      identificationType: 'alfapass',
      type: 'driver',
    });
    expect(statement.visitNumber).toBe('V-42');
    expect(statementText(statement)).toContain(
      `"assignee":{"identificationCommitment":"${commitment}","identificationType":"alfapass","type":"driver"}`,
    );
    // The signed text never holds the identification; the second call sends it with its salt.
    expect(statementText(statement)).not.toContain('123456');
    const { salt, ...clear } = assignee;
    expect(body).toMatchObject({ ...clear, identificationSalt: salt, visitNumber: 'V-42' });
    expect(call().statement.visitNumber).toBeUndefined();
    expect(parseStatement(statementText(statement))).toEqual(statement);
  });

  it('unassign has no assignee', () => {
    const { statement } = custodyCall({
      action: 'unassign',
      by: wallet.address,
      at: new Date().toISOString(),
      covered: [{ release }],
      assignee,
    });
    expect(statement.assignee).toBeUndefined();
    expect(statement.visitNumber).toBeUndefined();
  });

  it('statementProblem refuses another assignee or visit number than the call’s', async () => {
    const { statement } = call({ visitNumber: 'V-42' });
    const text = statementText(statement);
    const signer = verifyMessage(text, await wallet.signMessage(text));
    const check = (fields: object) =>
      statementProblem(statement, {
        action: 'assign',
        signer,
        organizationAddress: wallet.address,
        releases: [{ address: release.address, version: 3, pincodeHash: null }],
        now: new Date(),
        assignee,
        visitNumber: 'V-42',
        ...fields,
      });
    expect(check({})).toBeNull();
    expect(check({ assignee: { ...assignee, identification: '654321' } })).toBe('assignee');
    expect(check({ assignee: { ...assignee, identificationType: 'itsme' } })).toBe('assignee');
    expect(check({ assignee: { ...assignee, salt: `0x${'cd'.repeat(16)}` } })).toBe('assignee');
    expect(check({ assignee: { ...assignee, salt: 'short' } })).toBe('assignee');
    expect(check({ visitNumber: null })).toBe('assignee');
    expect(check({ releases: [{ address: release.address, version: 4, pincodeHash: null }] })).toBe(
      'versions',
    );
    expect(
      statementProblem(
        { ...statement, action: 'unassign' },
        {
          action: 'unassign',
          signer,
          organizationAddress: wallet.address,
          releases: [{ address: release.address, version: 3, pincodeHash: null }],
          now: new Date(),
        },
      ),
    ).toBe('assignee');
  });
});
