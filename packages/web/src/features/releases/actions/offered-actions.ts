import {
  actionAvailability,
  actionsOfRole,
  type ActionContext,
  type ActionDisabledReason,
  type OverviewView,
  type ReleaseAction,
  type SelectedRelease,
} from '@scr/domain';
import type { SessionUser } from '../../session/session-user.ts';

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

/**
 * The release actions of spec §2's split button that the viewer's role has (domain
 * `actionsOfRole`, in the spec's order: the custody actions, then transfer to and revoke from
 * the PCS, the next mode of transport, the audit trail, edit and delete; §6: a carrier sees no
 * assign, pincode or PCS item, anyone else no block, unblock, edit or delete), with whether
 * each is enabled, decided by domain `enabledActions`, and why a disabled one is (domain
 * `actionAvailability`).
 */
export function offeredActionStates(
  selection: readonly SelectedRelease[],
  context: ActionContext,
): { action: ReleaseAction; enabled: boolean; reason: ActionDisabledReason | null }[] {
  const availability = actionAvailability(selection, context);
  return actionsOfRole(context.role).map((action) => ({ action, ...availability[action] }));
}

/**
 * Releases spec §2, §6: the action column is shown to carriers (create, edit, delete, block) and
 * to the parties of the chain (transfer, revoke, pincode); terminals act on their own page.
 */
export const showsActionColumn = (user: SessionUser) => user.organizationRole !== 'terminal';
