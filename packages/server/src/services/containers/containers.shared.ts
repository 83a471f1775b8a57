import { servicePaths } from '@scr/domain';
import type { ContainerRow } from '@scr/domain';
import type { OverviewPage } from '../../overview/overview-page.ts';

/** Path and methods of the flat overview (REST: GET /api/containers, socket.io: `containers`). */
export const containersPath = servicePaths.containers;

export const containersMethods = ['find'] as const;

/** What `find` answers. */
export type ContainersPage = OverviewPage<ContainerRow>;
