import { servicePaths } from '@scr/domain';
/** Path and methods of the app-info service, for clients (REST: GET /api/app-info). */
export const appInfoPath = servicePaths.appInfo;

export const appInfoMethods = ['find'] as const;
