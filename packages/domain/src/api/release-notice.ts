import type { ReleaseStatus } from '../releases/release.ts';

/**
 * Live notices (releases spec §4 "Live notifications"): what a signed-in socket hears when
 * releases in its organisation's chains change. Their size is a budget of its own
 * (`docs/production.md`, "Heavy work and its budgets").
 */

/**
 * The socket.io event of live notices: `releases notice`, which a Feathers client hears with
 * `service('releases').on(releaseNoticeEvent, …)`.
 */
export const releaseNoticeEvent = 'notice';

/**
 * The most releases one notice lists: a larger action (a bulk transfer of 10,000) comes as
 * several notices of the same operation, each at most this long.
 */
export const maxReleasesPerNotice = 1000;

/** One release a live notice names: small, no details (the overview reads them). */
export interface ReleaseNoticeRelease {
  address: string;
  blNumber: string;
  containerNumber: string;
  /** The release's version after the action: a receiver orders what it hears by it. */
  version: number;
  status: ReleaseStatus;
}

/**
 * One BL's releases in a notice, in columns: the i-th release is `addresses[i]`,
 * `containerNumbers[i]`, `versions[i]`, `statuses[i]`. A BL is named once however many of its
 * containers the action touched, and no field name is repeated per release: a notice of 1,000
 * releases is written to every socket of the room, so its size is paid a thousand times.
 */
export interface ReleaseNoticeBl {
  blNumber: string;
  addresses: string[];
  containerNumbers: string[];
  versions: number[];
  statuses: ReleaseStatus[];
}

/**
 * A live notice: one message per organisation's channel per action, listing the action's
 * releases in that organisation's chains, grouped by BL. Each organisation gets its own copy,
 * naming it, and only the acting organisation's copy names the user who acted.
 */
export interface ReleaseNoticePayload {
  operation: string;
  /** The organisation this copy was sent to: the web shows it to that organisation only. */
  organizationAddress: string;
  bls: ReleaseNoticeBl[];
  /** Who made the change, when a person or a machine of an organisation did. */
  by?: ReleaseNoticeActor | null;
}

/** The organisation that made a change a live notice tells of. */
export interface ReleaseNoticeActor {
  organizationAddress: string;
  organizationName: string;
  /**
   * Only in the notices sent to the actor's own organisation: the user who acted (absent for a
   * machine's API key), so that person's overview refreshes quietly instead of announcing it.
   */
  userId?: number;
}

/**
 * Builds one notice's BL columns, a release at a time, each BL once (in the order first met).
 * `size` is how many releases it holds.
 */
export class NoticeBls {
  readonly bls: ReleaseNoticeBl[] = [];
  readonly #byNumber = new Map<string, ReleaseNoticeBl>();
  size = 0;

  add(release: ReleaseNoticeRelease): void {
    let bl = this.#byNumber.get(release.blNumber);
    if (!bl) {
      bl = {
        blNumber: release.blNumber,
        addresses: [],
        containerNumbers: [],
        versions: [],
        statuses: [],
      };
      this.#byNumber.set(release.blNumber, bl);
      this.bls.push(bl);
    }
    bl.addresses.push(release.address);
    bl.containerNumbers.push(release.containerNumber);
    bl.versions.push(release.version);
    bl.statuses.push(release.status);
    this.size += 1;
  }
}

/** The BL columns of some releases, as a notice carries them. */
export function noticeBlsOf(releases: Iterable<ReleaseNoticeRelease>): ReleaseNoticeBl[] {
  const bls = new NoticeBls();
  for (const release of releases) bls.add(release);
  return bls.bls;
}

const listOf = (value: unknown): unknown[] => (Array.isArray(value) ? value : []);

/**
 * A notice's releases, one row each, for readers that prefer rows to columns. Tolerant of what
 * a socket may bring: a malformed BL or column gives fewer rows, never a throw.
 */
export function noticeReleases(notice: Pick<ReleaseNoticePayload, 'bls'>): ReleaseNoticeRelease[] {
  const releases: ReleaseNoticeRelease[] = [];
  for (const bl of listOf(notice?.bls) as Partial<ReleaseNoticeBl>[]) {
    if (typeof bl?.blNumber !== 'string') continue;
    const containerNumbers = listOf(bl.containerNumbers);
    const versions = listOf(bl.versions);
    const statuses = listOf(bl.statuses);
    listOf(bl.addresses).forEach((address, i) => {
      if (typeof address !== 'string' || typeof containerNumbers[i] !== 'string') return;
      releases.push({
        address,
        blNumber: bl.blNumber!,
        containerNumber: containerNumbers[i] as string,
        version: Number(versions[i]),
        status: statuses[i] as ReleaseStatus,
      });
    });
  }
  return releases;
}
