import { servicePaths } from '@scr/domain';
import type { BillOfLadingRow } from '@scr/domain';
import type { OverviewPage } from '../../overview/overview-page.ts';

/** Path and methods of the BL overview (REST: GET /api/bills-of-lading, socket.io: `bills-of-lading`). */
export const billsOfLadingPath = servicePaths.billsOfLading;

export const billsOfLadingMethods = ['find'] as const;

/** What `find` answers. */
export type BillsOfLadingPage = OverviewPage<BillOfLadingRow>;
