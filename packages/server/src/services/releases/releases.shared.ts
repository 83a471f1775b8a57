import type { ContainerRow } from '@scr/domain';

/** Path and methods of the releases service (REST: /api/releases, socket.io: `releases`). */
export const releasesPath = 'releases';

export const releasesMethods = ['get', 'create', 'patch', 'remove'] as const;

/**
 * What became of one release in a patch or remove (releases spec §7 "patch without id":
 * "Returns per-release list each with an error field"): the release as the caller now sees it,
 * or why not: a domain refusal code (`notFound`, `deleted`, `gateOut`; the web translates them
 * under `releases.refusal.`), `archived`, or `validation_failed` with `fields` (field →
 * translation key). Editing or deleting one release by address throws instead (404, 409, 400).
 */
export interface ReleaseChange {
  address: string;
  release?: ContainerRow;
  error?: string;
  fields?: Record<string, string>;
}

/** The most releases one call may create, edit or delete. */
export const maxReleasesPerCall = 5000;
export const maxAddressesPerCall = 1000;
