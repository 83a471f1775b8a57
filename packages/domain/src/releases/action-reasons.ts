import {
  enabledActions,
  type ActionContext,
  type ReleaseAction,
  type SelectedRelease,
} from './action-rules.ts';
import { assignableTypes } from './assignment.ts';
import { custodyPermission, type CustodyAction } from './custody.ts';
import { nmotPermission } from './next-mode-of-transport.ts';
import { designatesSupportedPcs } from './pcs.ts';
import { mayManageReleases } from './release-permissions.ts';

/**
 * Why an action of the split button is not available (issue 15: a disabled menu item says why).
 * The web shows `releases.actions.disabled.{reason}`.
 */
export const actionDisabledReasons = [
  'noSelection',
  'notForRole',
  'subscriptionRequired',
  'noneOwned',
  'allSentToPcs',
  'noneTransferred',
  'allTransferred',
  'allBlocked',
  'noneBlocked',
  'noActiveTransporter',
  'noneAssigned',
  'notConnectedToPcs',
  'noPcsRelease',
  'noneSentToPcs',
  'containerViewOnly',
  'notAvailable',
] as const;
export type ActionDisabledReason = (typeof actionDisabledReasons)[number];

/** Each offered action: whether it is enabled, and the reason when it is not. */
export type ActionAvailability = Record<
  ReleaseAction,
  { enabled: true; reason: null } | { enabled: false; reason: ActionDisabledReason }
>;

const sent = (r: SelectedRelease) =>
  r.sentToPcs || r.transferStatus === 'sentToPcs' || r.transferStatus === 'sendingToPcs';

/**
 * Releases spec §4 "Action rules" read the other way round: for each action domain
 * `enabledActions` disables, the first condition of that rule the selection or the viewer
 * fails. Enabled is exactly `enabledActions`' answer; a disabled action whose rule names no
 * condition here (a rule added later) says `notAvailable` rather than a wrong reason.
 */
export function actionAvailability(
  selection: readonly SelectedRelease[],
  context: ActionContext,
): ActionAvailability {
  const enabled = enabledActions(selection, context);
  const any = selection.length > 0;
  const all = (test: (r: SelectedRelease) => boolean) => any && selection.every(test);
  const some = (test: (r: SelectedRelease) => boolean) => selection.some(test);
  const permission = (action: CustodyAction): ActionDisabledReason | null => {
    const verdict = custodyPermission(action, context.role, context.features);
    return verdict === 'forbidden'
      ? 'notForRole'
      : verdict === 'subscriptionRequired'
        ? 'subscriptionRequired'
        : null;
  };
  const carrierOnly = context.role === 'carrier' ? null : 'notForRole';
  const assign = () =>
    permission('assign') ??
    (assignableTypes(context.features).length === 0 ? 'subscriptionRequired' : null) ??
    (context.hasActiveTransporter ? null : 'noActiveTransporter') ??
    (all((r) => r.transferStatus === 'transferred') ? 'allTransferred' : null) ??
    (all(sent) ? 'allSentToPcs' : null);
  const pcs = () =>
    (context.role === 'carrier' || context.role === 'terminal' ? 'notForRole' : null) ??
    (context.connectedToPcs ? null : 'notConnectedToPcs') ??
    (some((r) => designatesSupportedPcs(r.ediPcs)) ? null : 'noPcsRelease');
  const why: Record<ReleaseAction, () => ActionDisabledReason | null> = {
    transfer: () =>
      permission('transfer') ??
      (some((r) => r.transferStatus === 'owned') ? null : 'noneOwned') ??
      (all(sent) ? 'allSentToPcs' : null),
    revoke: () =>
      permission('revoke') ??
      (some((r) => r.transferStatus === 'transferred') ? null : 'noneTransferred'),
    block: () => carrierOnly ?? (all((r) => r.releaseStatus === 'blocked') ? 'allBlocked' : null),
    unblock: () =>
      carrierOnly ?? (some((r) => r.releaseStatus === 'blocked') ? null : 'noneBlocked'),
    assign,
    unassign: () =>
      assign() ?? (some((r) => r.transferStatus === 'assigned') ? null : 'noneAssigned'),
    pincode: () =>
      permission('pincode') ??
      (all((r) => r.transferStatus === 'transferred') ? 'allTransferred' : null),
    transferToPcs: () => pcs() ?? (all(sent) ? 'allSentToPcs' : null),
    revokeFromPcs: () => pcs() ?? (some(sent) ? null : 'noneSentToPcs'),
    nmot: () => {
      const verdict = nmotPermission(context.role, context.features);
      if (verdict !== 'allowed')
        return verdict === 'forbidden' ? 'notForRole' : 'subscriptionRequired';
      return 'allTransferred';
    },
    auditTrail: () => null,
    edit: () =>
      (mayManageReleases(context.role) ? null : 'notForRole') ??
      (context.view === 'container' ? null : 'containerViewOnly'),
    delete: () => (mayManageReleases(context.role) ? null : 'notForRole'),
  };
  return Object.fromEntries(
    (Object.keys(enabled) as ReleaseAction[]).map((action) => {
      if (enabled[action]) return [action, { enabled: true, reason: null }];
      const reason = any ? (why[action]?.() ?? 'notAvailable') : 'noSelection';
      return [action, { enabled: false, reason }];
    }),
  ) as ActionAvailability;
}
