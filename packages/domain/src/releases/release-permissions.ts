import type { FeatureFlag, Features } from '../features.ts';
import type { OrganizationRole } from '../organizations.ts';

/**
 * Releases spec §2 tab 2 and §6: to whom a release was passed on (the transferTo column, the
 * answers' `transferTo`) is shown only with canSeeTransferInfo; without it the web shows a
 * "Go Premium" chip and the server answers null. The spec makes no exception for carriers:
 * a carrier sees it through its plan (Premium gives every feature), like anyone else.
 */
export function seesTransferInfo(features: Pick<Features, 'canSeeTransferInfo'>): boolean {
  return features.canSeeTransferInfo === true;
}

/**
 * Releases spec §2 tab 2: "The receivedFrom column is absent for carriers". A carrier creates
 * its releases, so nobody passed them to it; every other party sees who did.
 */
export function seesReceivedFrom(role: OrganizationRole): boolean {
  return role !== 'carrier';
}

/**
 * Releases spec §6 "Carrier: create (single or multi), edit, edit several, delete releases":
 * people of a carrier, or a carrier's system; everyone else is refused (403 forbidden).
 */
export function mayManageReleases(role: OrganizationRole): boolean {
  return role === 'carrier';
}

/** The English text of the refusal when a non-carrier tries to create, edit or delete. */
export const notCarrierManageMessage = 'Only carriers create, edit and delete releases.';

/**
 * Releases spec §2 and §6: the release features a plan gates, each with the flag it needs.
 * Without the flag the web shows the promotional panel and the server answers
 * `subscription_required`.
 */
export const releaseFeatureGates = {
  /** §6 "Audit trail": the trail of the selected releases. */
  auditTrail: 'canAuditTrail',
  /** §2 tab 2: the flat view per container (a BL's own containers, expanded, need no flag). */
  containerView: 'canContainerView',
  /** §2, §6: notifications grouped per BL. */
  notifyPerBl: 'canNotifyPerBl',
  /** §2: the transferTo column. */
  transferInfo: 'canSeeTransferInfo',
} as const satisfies Record<string, FeatureFlag>;
export type ReleaseFeatureGate = keyof typeof releaseFeatureGates;

/** Whether the features open one of the gated release features of {@link releaseFeatureGates}. */
export function mayUseReleaseFeature(gate: ReleaseFeatureGate, features: Features): boolean {
  return features[releaseFeatureGates[gate]] === true;
}

/**
 * Releases spec §2 tab 2: the flat view per container needs canContainerView; the containers of
 * one BL, listed when its row is expanded in the grouped view, do not.
 */
export function mayListContainers(features: Features, forOneBl: boolean): boolean {
  return forOneBl || mayUseReleaseFeature('containerView', features);
}

/**
 * Access spec §2 "Secure pick-up containers (terminal)", §4 "Terminal users", §6 "terminal:
 * only secure-pickup-containers and home": the terminal view and its secure pick-up list are for
 * people of terminal organisations only; everyone else is refused.
 */
export function seesTerminalView(role: OrganizationRole): boolean {
  return role === 'terminal';
}

/**
 * Which trails an organisation reads (releases spec §7 `audit-trail`; access spec §3 "Audit
 * trail entry (shown to terminal users)"): every party reads the trail of the releases in its
 * own chain; a terminal organisation reads, besides, the whole trail of the secure pick-up
 * releases at the terminals it owns (nothing else of their chains: no pincode, no party rows).
 */
export function auditTrailReach(role: OrganizationRole): 'chain' | 'chainAndOwnTerminals' {
  return seesTerminalView(role) ? 'chainAndOwnTerminals' : 'chain';
}

/**
 * Releases spec §6 "canAuditTrail (else promotional frame)"; access spec §2: the terminal view
 * shows the selected container's trail to every terminal user, whatever its plan.
 */
export function mayReadAuditTrail(role: OrganizationRole, features: Features): boolean {
  return seesTerminalView(role) || mayUseReleaseFeature('auditTrail', features);
}

/**
 * Access spec §2 "Assignment success report" and releases spec §6 "Non-carriers: … assign":
 * the report of the gate checks of one's assignments is for transport organisations that can
 * assign (canAssignDriver, canAssignBarge or canAssignTrain); carriers and terminals assign
 * nothing.
 */
export function mayReadSuccessReport(role: OrganizationRole, features: Features): boolean {
  return (
    role === 'other' &&
    (features.canAssignDriver === true ||
      features.canAssignBarge === true ||
      features.canAssignTrain === true)
  );
}
