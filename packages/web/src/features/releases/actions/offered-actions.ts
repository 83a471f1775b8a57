import {
  actionAvailability,
  type ActionContext,
  type ActionDisabledReason,
  releaseActions,
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
 * Every release action of spec §2's split button (domain `releaseActions`, in the spec's order:
 * the custody actions, then transfer to and revoke from the PCS, the next mode of transport, the
 * audit trail, edit and delete), with whether each is enabled, decided by domain
 * `enabledActions`, and why a disabled one is (domain `actionAvailability`; issue 15).
 */
export function offeredActionStates(
  selection: readonly SelectedRelease[],
  context: ActionContext,
): { action: ReleaseAction; enabled: boolean; reason: ActionDisabledReason | null }[] {
  const availability = actionAvailability(selection, context);
  return releaseActions.map((action) => ({ action, ...availability[action] }));
}

/**
 * Releases spec §2, §6: the action column is shown to carriers (create, edit, delete, block) and
 * to the parties of the chain (transfer, revoke, pincode); terminals act on their own page.
 */
export const showsActionColumn = (user: SessionUser) => user.organizationRole !== 'terminal';
