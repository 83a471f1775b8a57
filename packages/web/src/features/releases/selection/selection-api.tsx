import {
  servicePaths,
  type ReleaseSelectionAnswer,
  type ReleaseSelectionRequest,
} from '@scr/domain';
import { createContext, useContext, type ReactNode } from 'react';
import { api } from '../../../api/client.ts';

/** The big selection's one call (`POST /api/release-selection`), replaceable in tests. */
export interface SelectionApi {
  resolveSelection(request: ReleaseSelectionRequest): Promise<ReleaseSelectionAnswer>;
}

export const httpSelectionApi: SelectionApi = {
  resolveSelection: (request) =>
    api.service(servicePaths.releaseSelection).create(request) as Promise<ReleaseSelectionAnswer>,
};

const SelectionApiContext = createContext<SelectionApi>(httpSelectionApi);

/** Puts another selection API in place of the real one (tests give a fake). */
export function SelectionApiProvider({
  api,
  children,
}: {
  api: SelectionApi;
  children: ReactNode;
}) {
  return <SelectionApiContext.Provider value={api}>{children}</SelectionApiContext.Provider>;
}

export const useSelectionApi = (): SelectionApi => useContext(SelectionApiContext);
