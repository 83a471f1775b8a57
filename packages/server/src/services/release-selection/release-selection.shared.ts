import { servicePaths } from '@scr/domain';
import type { ReleaseSelectionAnswer } from '@scr/domain';

/** Path and methods of the big selection (issue 13 item 4; REST: POST /api/release-selection). */
export const releaseSelectionPath = servicePaths.releaseSelection;

export const releaseSelectionMethods = ['create'] as const;

export type { ReleaseSelectionAnswer };
