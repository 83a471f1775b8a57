/** Path and methods of the app-info service, for clients (REST: GET /api/app-info). */
export const appInfoPath = 'app-info';

export const appInfoMethods = ['find'] as const;
