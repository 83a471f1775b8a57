import { servicePaths } from '@scr/domain';

/** Path and methods of the user's preferences (REST: GET and POST /api/preferences). */
export const preferencesPath = servicePaths.preferences;

export const preferencesMethods = ['find', 'create'] as const;

export type { PreferencesView } from '@scr/domain';
