import { maxSelectedReleases, type ContainerRow } from '@scr/domain';
import { vi } from 'vitest';
import type { SelectionApi } from './selection-api.tsx';

/**
 * A selection API in memory over these releases (a spy): addresses answer those still there;
 * a search, filter or slice answers all of them ("select all that match" on a fake table).
 */
export function fakeSelectionApi(containers: () => readonly ContainerRow[]) {
  return {
    resolveSelection: vi.fn<SelectionApi['resolveSelection']>(async (request) => {
      const rows = request.addresses
        ? containers().filter((row) => request.addresses!.includes(row.address))
        : [...containers()];
      return { total: rows.length, limit: maxSelectedReleases, data: rows };
    }),
  };
}
