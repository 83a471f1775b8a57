import { servicePaths, type ReleaseChange } from '@scr/domain';

/** Path and methods of the releases service (REST: /api/releases, socket.io: `releases`). */
export const releasesPath = servicePaths.releases;

export const releasesMethods = ['get', 'create', 'patch', 'remove'] as const;

/** What a patch or remove answers per release: the contract's `ReleaseChange` (domain `api/`). */
export type { ReleaseChange };

/** The most releases one call may create, edit or delete. */
export const maxReleasesPerCall = 5000;
export const maxAddressesPerCall = 1000;
