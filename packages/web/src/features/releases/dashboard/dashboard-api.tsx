import { servicePaths, type DashboardAnswer } from '@scr/domain';
import { createContext, useContext, type ReactNode } from 'react';
import { api } from '../../../api/client.ts';

/** The dashboard's one call (releases spec §7 "dashboard find"), replaceable in tests. */
export interface DashboardApi {
  findDashboard(): Promise<DashboardAnswer>;
}

export const httpDashboardApi: DashboardApi = {
  findDashboard: () => api.service(servicePaths.dashboard).find() as Promise<DashboardAnswer>,
};

const DashboardApiContext = createContext<DashboardApi>(httpDashboardApi);

/** Puts another dashboard API in place of the real one (tests give a fake). */
export function DashboardApiProvider({
  api,
  children,
}: {
  api: DashboardApi;
  children: ReactNode;
}) {
  return <DashboardApiContext.Provider value={api}>{children}</DashboardApiContext.Provider>;
}

export const useDashboardApi = (): DashboardApi => useContext(DashboardApiContext);

/** Under the overview's key: whatever refreshes the overview refreshes the dashboard. */
export const dashboardKey = ['releases', 'overview', 'dashboard'] as const;
