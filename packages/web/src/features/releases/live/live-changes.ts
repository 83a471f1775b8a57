import { noticeReleases, type ReleaseNoticePayload } from '@scr/domain';

/** The operations a live notice names, each with its words under `releases.live.operation`. */
export const liveOperations = [
  'create',
  'edit',
  'delete',
  'transfer',
  'revoke',
  'block',
  'unblock',
  'pincode',
  'assign',
  'unassign',
  'gateout',
  'transferToPcs',
  'revokeFromPcs',
] as const;
export type LiveOperation = (typeof liveOperations)[number] | 'other';

/** One line of the prompt: an operation by one organisation, over some containers. */
export interface LiveChange {
  operation: LiveOperation;
  /** The acting organisation's name; null when the notice does not say (the system acted). */
  by: string | null;
  /** Whether the acting organisation is the viewer's own (a colleague). */
  byOwnOrganization: boolean;
  containers: string[];
  blNumbers: string[];
}

const operationOf = (operation: string): LiveOperation =>
  (liveOperations as readonly string[]).includes(operation)
    ? (operation as LiveOperation)
    : 'other';

/**
 * Issue 15: what changed, for the prompt: the notices since the last refresh grouped by
 * operation and acting organisation, each with its containers (once each) and BLs. A notice
 * lists all the releases of one action.
 */
export function addLiveChange(
  changes: readonly LiveChange[],
  notice: ReleaseNoticePayload,
  viewerOrganizationAddress: string,
): LiveChange[] {
  const operation = operationOf(notice.operation);
  const by = notice.by?.organizationName ?? null;
  const byOwnOrganization =
    !!notice.by &&
    notice.by.organizationAddress.toLowerCase() === viewerOrganizationAddress.toLowerCase();
  const index = changes.findIndex((c) => c.operation === operation && c.by === by);
  const known = changes[index];
  const releases = noticeReleases(notice);
  const merged: LiveChange = {
    operation,
    by,
    byOwnOrganization,
    containers: [
      ...new Set([...(known?.containers ?? []), ...releases.map((r) => r.containerNumber)]),
    ],
    blNumbers: [...new Set([...(known?.blNumbers ?? []), ...releases.map((r) => r.blNumber)])],
  };
  return index < 0 ? [...changes, merged] : changes.map((c, i) => (i === index ? merged : c));
}
