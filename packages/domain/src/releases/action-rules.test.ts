import { describe, expect, it } from 'vitest';
import { carrier, forwarder, premium, release } from './action-fixtures.ts';
import { organizationRoles } from '../organizations.ts';
import { actionsOfRole, enabledActions, releaseActions, roleHasAction } from './action-rules.ts';

describe('releases spec §4 "Action rules", enabled in the interface', () => {
  it('Transfer: some are owned and not all have been sent to the PCS', () => {
    expect(
      enabledActions([release(), release({ transferStatus: 'transferred' })], forwarder).transfer,
    ).toBe(true);
    expect(enabledActions([release({ transferStatus: 'transferred' })], forwarder).transfer).toBe(
      false,
    );
    expect(enabledActions([release({ sentToPcs: true })], forwarder).transfer).toBe(false);
  });

  it('Transfer and Revoke need canTransferRevoke for non-carriers (§6)', () => {
    const basic = { ...forwarder, features: { ...premium, canTransferRevoke: false } };
    expect(enabledActions([release()], basic).transfer).toBe(false);
    expect(enabledActions([release()], { ...carrier, features: basic.features }).transfer).toBe(
      true,
    );
  });

  it('Revoke: some are transferred', () => {
    expect(enabledActions([release({ transferStatus: 'transferred' })], forwarder).revoke).toBe(
      true,
    );
    expect(enabledActions([release()], forwarder).revoke).toBe(false);
  });

  it('Pincode: not all are transferred (non-carrier)', () => {
    expect(
      enabledActions([release(), release({ transferStatus: 'transferred' })], forwarder).pincode,
    ).toBe(true);
    expect(enabledActions([release({ transferStatus: 'transferred' })], forwarder).pincode).toBe(
      false,
    );
    expect(enabledActions([release()], carrier).pincode).toBe(false);
  });

  it('Assign: not all transferred, an active transporter exists, not all sent to the PCS', () => {
    expect(enabledActions([release()], forwarder).assign).toBe(true);
    expect(enabledActions([release()], { ...forwarder, hasActiveTransporter: false }).assign).toBe(
      false,
    );
    expect(enabledActions([release({ sentToPcs: true })], forwarder).assign).toBe(false);
    expect(enabledActions([release()], carrier).assign).toBe(false);
  });

  it('Unassign: some are assigned, plus the transporter and PCS conditions', () => {
    expect(enabledActions([release({ transferStatus: 'assigned' })], forwarder).unassign).toBe(
      true,
    );
    expect(enabledActions([release()], forwarder).unassign).toBe(false);
  });

  it('Block: not all are blocked; Unblock: some are blocked; carrier only', () => {
    const blocked = release({ releaseStatus: 'blocked' });
    expect(enabledActions([blocked, release()], carrier)).toMatchObject({
      block: true,
      unblock: true,
    });
    expect(enabledActions([blocked], carrier)).toMatchObject({ block: false, unblock: true });
    expect(enabledActions([release()], carrier)).toMatchObject({ block: true, unblock: false });
    expect(enabledActions([blocked], forwarder)).toMatchObject({ block: false, unblock: false });
  });

  it('Transfer to PCS: a release for the supported PCS, connected, not all sent; Revoke from PCS: some sent', () => {
    const forPcs = release({ ediPcs: 'C-Point' });
    expect(enabledActions([forPcs], forwarder)).toMatchObject({
      transferToPcs: true,
      revokeFromPcs: false,
    });
    expect(enabledActions([{ ...forPcs, sentToPcs: true }], forwarder)).toMatchObject({
      transferToPcs: false,
      revokeFromPcs: true,
    });
    expect(enabledActions([forPcs], { ...forwarder, connectedToPcs: false }).transferToPcs).toBe(
      false,
    );
    expect(enabledActions([release({ ediPcs: 'OTHER' })], forwarder).transferToPcs).toBe(false);
  });

  it('Edit: carrier, flat view only; Delete: carrier', () => {
    expect(enabledActions([release()], carrier)).toMatchObject({ edit: true, delete: true });
    expect(enabledActions([release()], { ...carrier, view: 'bl' }).edit).toBe(false);
    expect(enabledActions([release()], forwarder)).toMatchObject({ edit: false, delete: false });
  });

  it('offers nothing for an empty selection', () => {
    expect(Object.values(enabledActions([], carrier)).some(Boolean)).toBe(false);
  });
});

describe('releases spec §2 "Action split button", §6: the actions each role has', () => {
  it('a carrier has no Assign, Un-assign, Pincode or PCS action', () => {
    expect(actionsOfRole('carrier')).toEqual([
      'transfer',
      'revoke',
      'block',
      'unblock',
      'nmot',
      'auditTrail',
      'edit',
      'delete',
    ]);
  });

  it('a non-carrier of the chain has no Block, Unblock, Edit or Delete', () => {
    expect(actionsOfRole('other')).toEqual([
      'transfer',
      'revoke',
      'assign',
      'unassign',
      'pincode',
      'transferToPcs',
      'revokeFromPcs',
      'nmot',
      'auditTrail',
    ]);
  });

  it('a terminal keeps only the audit trail', () => {
    expect(actionsOfRole('terminal')).toEqual(['auditTrail']);
  });

  it('enabledActions never enables an action the role lacks, whatever the selection', () => {
    const selections = [
      [release()],
      [release({ releaseStatus: 'blocked' }), release({ transferStatus: 'assigned' })],
      [release({ ediPcs: 'C-Point', sentToPcs: true }), release({ transferStatus: 'transferred' })],
    ];
    for (const role of organizationRoles) {
      for (const selection of selections) {
        for (const view of ['bl', 'container'] as const) {
          const enabled = enabledActions(selection, { ...forwarder, role, view });
          for (const action of releaseActions) {
            if (enabled[action])
              expect(roleHasAction(role, action), `${role} ${action}`).toBe(true);
          }
        }
      }
    }
  });
});
