import { featuresFor } from '../feature-rules.ts';
import { describe, expect, it } from 'vitest';
import { carrier, forwarder, premium, release } from './action-fixtures.ts';
import { actionAvailability } from './action-reasons.ts';
import {
  enabledActions,
  releaseActions,
  type ActionContext,
  type SelectedRelease,
} from './action-rules.ts';
import { releaseStatuses, transferStatuses } from './release.ts';

const reasons = (selection: SelectedRelease[], context: ActionContext) =>
  Object.fromEntries(
    Object.entries(actionAvailability(selection, context)).map(([action, state]) => [
      action,
      state.reason,
    ]),
  );

describe('releases spec §4 "Action rules": why a disabled action is disabled (issue 15)', () => {
  it('enabled exactly as enabledActions decides, with a reason for every disabled action', () => {
    const contexts: ActionContext[] = [
      forwarder,
      carrier,
      { ...forwarder, role: 'terminal' },
      { ...forwarder, hasActiveTransporter: false, connectedToPcs: false, view: 'bl' },
      { ...forwarder, features: featuresFor([]) },
    ];
    const selections: SelectedRelease[][] = [[]];
    for (const transferStatus of transferStatuses) {
      for (const releaseStatus of releaseStatuses) {
        selections.push([release({ transferStatus, releaseStatus, ediPcs: 'C-Point' })]);
        selections.push([release({ transferStatus, releaseStatus }), release({ sentToPcs: true })]);
      }
    }
    for (const context of contexts) {
      for (const selection of selections) {
        const enabled = enabledActions(selection, context);
        const availability = actionAvailability(selection, context);
        for (const action of releaseActions) {
          expect(availability[action].enabled).toBe(enabled[action]);
          expect(availability[action].reason === null).toBe(enabled[action]);
        }
      }
    }
  });

  it('Transfer: none owned, all sent to the PCS, or no canTransferRevoke (§6)', () => {
    expect(reasons([release({ transferStatus: 'transferred' })], forwarder).transfer).toBe(
      'noneOwned',
    );
    expect(reasons([release({ sentToPcs: true })], forwarder).transfer).toBe('allSentToPcs');
    const basic = { ...forwarder, features: { ...premium, canTransferRevoke: false } };
    expect(reasons([release()], basic).transfer).toBe('subscriptionRequired');
  });

  it('Revoke needs a transferred release; Pincode not all transferred; carriers fetch none', () => {
    expect(reasons([release()], forwarder).revoke).toBe('noneTransferred');
    expect(reasons([release({ transferStatus: 'transferred' })], forwarder).pincode).toBe(
      'allTransferred',
    );
    expect(reasons([release()], carrier).pincode).toBe('notForRole');
  });

  it('Block and Unblock: carrier only, not all blocked / some blocked', () => {
    expect(reasons([release()], forwarder).block).toBe('notForRole');
    expect(reasons([release({ releaseStatus: 'blocked' })], carrier).block).toBe('allBlocked');
    expect(reasons([release()], carrier).unblock).toBe('noneBlocked');
  });

  it('Assign and Un-assign: an active transporter, and an assigned release to un-assign', () => {
    const none = { ...forwarder, hasActiveTransporter: false };
    expect(reasons([release()], none).assign).toBe('noActiveTransporter');
    expect(reasons([release()], forwarder).unassign).toBe('noneAssigned');
    expect(reasons([release()], carrier).assign).toBe('notForRole');
  });

  it('PCS: connected to the PCS, a release designating it, and something sent to revoke', () => {
    const unconnected = { ...forwarder, connectedToPcs: false };
    expect(reasons([release({ ediPcs: 'C-Point' })], unconnected).transferToPcs).toBe(
      'notConnectedToPcs',
    );
    expect(reasons([release()], forwarder).transferToPcs).toBe('noPcsRelease');
    expect(reasons([release({ ediPcs: 'C-Point' })], forwarder).revokeFromPcs).toBe(
      'noneSentToPcs',
    );
  });

  it('Edit: the flat view only; nothing selected says so', () => {
    expect(reasons([release()], { ...carrier, view: 'bl' }).edit).toBe('containerViewOnly');
    expect(reasons([], carrier).transfer).toBe('noSelection');
  });
});
