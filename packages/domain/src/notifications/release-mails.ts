import type { NoticeGrouping } from '../api/releases.ts';

/**
 * The release changes told by e-mail (access spec §2 "Settings", releases spec §4 "Live
 * notifications"): a transfer, and the updates of a release (a carrier's edit and delete,
 * block, unblock, revoke, the gate-out, assignment and its undoing).
 */
export const releaseMailActions = [
  'transfer',
  'edit',
  'delete',
  'block',
  'unblock',
  'revoke',
  'gateout',
  'assign',
  'unassign',
] as const;
export type ReleaseMailAction = (typeof releaseMailActions)[number];

/** The two settings that choose release e-mail: transfers to me, and updates of my releases. */
export type ReleaseMailKind = 'transfer' | 'update';

/** Which of the two settings an action's e-mail follows. */
export function releaseMailKind(action: ReleaseMailAction): ReleaseMailKind {
  return action === 'transfer' ? 'transfer' : 'update';
}

/**
 * What a user saved about release e-mail (access spec §3 "Preferences"); every field may be
 * missing, and the whole of it is null for a user who never saved any preference.
 */
export interface ReleaseMailSettings {
  releaseTransferEmail?: boolean | null;
  releaseUpdateEmail?: boolean | null;
  /** `options.transferred` as stored: the grouping of transfer e-mail. */
  transferred?: unknown;
  /** `options.updated` as stored: the grouping of update e-mail. */
  updated?: unknown;
}

/** Access spec §3 "Preferences": transfer e-mail is off, update e-mail on, until a user saves. */
export const releaseMailDefaults = {
  releaseTransferEmail: false,
  releaseUpdateEmail: true,
} as const;

/** A stored grouping option read back: only `bl` groups per BL, anything else per container. */
export function savedGrouping(value: unknown): NoticeGrouping {
  return value === 'bl' ? 'bl' : 'container';
}

/** Whether the user wants the e-mail of this kind, the spec's default for what they never saved. */
export function wantsReleaseMail(kind: ReleaseMailKind, settings: ReleaseMailSettings | null) {
  const chosen =
    kind === 'transfer' ? settings?.releaseTransferEmail : settings?.releaseUpdateEmail;
  return (
    chosen ??
    (kind === 'transfer'
      ? releaseMailDefaults.releaseTransferEmail
      : releaseMailDefaults.releaseUpdateEmail)
  );
}

/**
 * How the user's e-mail of this kind is grouped (access spec §2 "Settings"): per BL only when
 * they chose it and their organisation has canNotifyPerBl (a lapsed Premium falls back to one
 * e-mail per container); per container otherwise.
 */
export function releaseMailGrouping(
  kind: ReleaseMailKind,
  settings: ReleaseMailSettings | null,
  mayNotifyPerBl: boolean,
): NoticeGrouping {
  const chosen = savedGrouping(kind === 'transfer' ? settings?.transferred : settings?.updated);
  return chosen === 'bl' && mayNotifyPerBl ? 'bl' : 'container';
}

/** One changed release and the organisations of its chain (those revoked out included). */
export interface MailedRelease {
  blNumber: string;
  containerNumber: string;
  organizationIds: readonly number[];
}

/** A change of some releases, as its e-mail is planned. */
export interface ReleaseMailChange {
  action: ReleaseMailAction;
  /** The organisation that acted: its own users are never mailed. */
  actorOrganizationId: number;
  /** transfer: the receiver; revoke: the organisation it was taken back from; else null. */
  targetOrganizationId: number | null;
  releases: readonly MailedRelease[];
}

/**
 * The organisations told of one release's change: a transfer, the receiving organisation
 * only; an update, every organisation of the release's chain. Never the actor's.
 */
export function mailedOrganizations(change: ReleaseMailChange, release: MailedRelease): number[] {
  const told =
    releaseMailKind(change.action) === 'transfer'
      ? change.targetOrganizationId === null
        ? []
        : [change.targetOrganizationId]
      : release.organizationIds;
  return [...new Set(told)].filter((id) => id !== change.actorOrganizationId);
}

/** A user who may be mailed: their organisation, what they saved, whether it has per-BL notices. */
export interface ReleaseMailUser {
  organizationId: number;
  settings: ReleaseMailSettings | null;
  /** Their organisation has canNotifyPerBl. */
  mayNotifyPerBl: boolean;
}

/** One e-mail to write: to whom, grouped how, about which releases (in the change's order). */
export interface PlannedReleaseMail<U extends ReleaseMailUser> {
  user: U;
  grouping: NoticeGrouping;
  releases: { blNumber: string; containerNumber: string }[];
}

/**
 * The e-mails of one change (access spec §2 "Settings"): for every user who wants this kind of
 * e-mail, about the releases their organisation is told of (never a release of another chain),
 * one e-mail per container or one per BL listing its containers, as they chose. Users keep the
 * order given; each user's e-mails follow the order of the change's releases.
 */
export function planReleaseMails<U extends ReleaseMailUser>(
  change: ReleaseMailChange,
  users: readonly U[],
): PlannedReleaseMail<U>[] {
  const kind = releaseMailKind(change.action);
  const releasesOf = new Map<number, MailedRelease[]>();
  for (const release of change.releases) {
    for (const organizationId of mailedOrganizations(change, release)) {
      const list = releasesOf.get(organizationId) ?? [];
      list.push(release);
      releasesOf.set(organizationId, list);
    }
  }
  return users.flatMap((user) => {
    const told = releasesOf.get(user.organizationId);
    if (!told || !wantsReleaseMail(kind, user.settings)) return [];
    const grouping = releaseMailGrouping(kind, user.settings, user.mayNotifyPerBl);
    return groupReleases(told, grouping).map((releases) => ({ user, grouping, releases }));
  });
}

/** Per container: one group each. Per BL: one group per BL number, its containers in order. */
export function groupReleases(
  releases: readonly { blNumber: string; containerNumber: string }[],
  grouping: NoticeGrouping,
): { blNumber: string; containerNumber: string }[][] {
  const bare = releases.map(({ blNumber, containerNumber }) => ({ blNumber, containerNumber }));
  if (grouping === 'container') return bare.map((release) => [release]);
  const byBl = new Map<string, { blNumber: string; containerNumber: string }[]>();
  for (const release of bare) {
    const group = byBl.get(release.blNumber) ?? [];
    group.push(release);
    byBl.set(release.blNumber, group);
  }
  return [...byBl.values()];
}
