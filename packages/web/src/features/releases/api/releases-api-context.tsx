import { createContext, useContext, type ReactNode } from 'react';
import { httpReleasesApi, type ReleasesApi } from './releases-api.ts';

const ReleasesApiContext = createContext<ReleasesApi>(httpReleasesApi);

/** Puts another releases API in place of the real one (tests give a fake). */
export function ReleasesApiProvider({ api, children }: { api: ReleasesApi; children: ReactNode }) {
  return <ReleasesApiContext.Provider value={api}>{children}</ReleasesApiContext.Provider>;
}

/** The releases API: the real one at `/api`, unless a provider gave another. */
export function useReleasesApi(): ReleasesApi {
  return useContext(ReleasesApiContext);
}
