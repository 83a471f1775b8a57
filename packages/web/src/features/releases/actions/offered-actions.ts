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
 * in the spec's order: the custody actions, the audit trail, edit and delete. Assign and PCS
 * arrive with their own dialogs; until then they are not shown at all, rather than shown dead.
 */
export const offeredActions = [
  'transfer',
  'revoke',
  'block',
  'unblock',
  'pincode',
  'auditTrail',
  'edit',
  'delete',
] as const satisfies readonly ReleaseAction[];
export type OfferedAction = (typeof offeredActions)[number];

/** Who is looking, for domain `enabledActions`. */
export function actionContext(user: SessionUser, view: OverviewView): ActionContext {
  return {
    role: user.organizationRole,
    features: user.features,
    // Drivers, barges and trains arrive with the assignment issue.
    hasActiveTransporter: false,
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
