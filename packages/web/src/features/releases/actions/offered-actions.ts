import {
  enabledActions,
  type ActionContext,
  type OverviewView,
  type ReleaseAction,
  type SelectedRelease,
} from '@scr/domain';
import type { SessionUser } from '../../session/session-user.ts';

/**
 * The actions this portal offers on releases so far (releases spec §2 "Action split button"),
 * in the spec's order: the custody actions (assign and un-assign among them), the audit trail,
 * edit and delete. PCS arrives with its own dialog; until then it is not shown at all, rather
 * than shown dead.
 */
export const offeredActions = [
  'transfer',
  'revoke',
  'block',
  'unblock',
  'assign',
  'unassign',
  'pincode',
  'nmot',
  'auditTrail',
  'edit',
  'delete',
] as const satisfies readonly ReleaseAction[];
export type OfferedAction = (typeof offeredActions)[number];

/**
 * Who is looking, for domain `enabledActions`; `hasActiveTransporter` from the organisation's
 * drivers, barges and trains (`useHasActiveTransporter`), for Assign and Un-assign.
 */
export function actionContext(
  user: SessionUser,
  view: OverviewView,
  hasActiveTransporter = false,
): ActionContext {
  return {
    role: user.organizationRole,
    features: user.features,
    hasActiveTransporter,
    connectedToPcs: user.isConnectedtoCpoint,
    view,
  };
}

/** The offered actions with whether each is enabled, decided by domain `enabledActions`. */
export function offeredActionStates(
  selection: readonly SelectedRelease[],
  context: ActionContext,
): { action: OfferedAction; enabled: boolean }[] {
  const enabled = enabledActions(selection, context);
  return offeredActions.map((action) => ({ action, enabled: enabled[action] }));
}

/**
 * Releases spec §2, §6: the action column is shown to carriers (create, edit, delete, block) and
 * to the parties of the chain (transfer, revoke, pincode); terminals act on their own page.
 */
export const showsActionColumn = (user: SessionUser) => user.organizationRole !== 'terminal';
