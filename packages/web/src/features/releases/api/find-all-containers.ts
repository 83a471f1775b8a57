import type { ContainerRow, OverviewFilter } from '@scr/domain';
import type { ReleasesApi } from './releases-api.ts';

/** A page as large as the server gives (access spec §9: at most 50 rows a page for people). */
const pageSize = 50;
/** Enough for any real BL; a runaway answer stops here rather than looping. */
const maxRows = 2000;

/**
 * Every container of one BL that the viewer sees under the search and filter, page by page:
 * what an action on the whole BL (its split button) acts on.
 */
export async function findAllContainersOfBl(
  api: ReleasesApi,
  blNumber: string,
  search: string,
  filter: OverviewFilter,
): Promise<ContainerRow[]> {
  const rows: ContainerRow[] = [];
  for (let skip = 0; skip < maxRows; skip += pageSize) {
    const page = await api.findContainers(
      { search, filter, limit: pageSize, skip, sort: [] },
      blNumber,
    );
    rows.push(...page.data);
    if (page.data.length === 0 || rows.length >= page.total) break;
  }
  return rows;
}
