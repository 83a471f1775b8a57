import type { DashboardSlice, DownloadScope, OverviewFilter } from '@scr/domain';

/**
 * What a download of the overview covers (releases spec §5 "Download"): the page's selection
 * (ticked rows, or "select all that match" resolved to addresses) when there is one, else the
 * dashboard slice clicked, else the search and filter applied (not what is still being typed).
 */
export function overviewDownloadScope(
  state: { search: string; filter: OverviewFilter; slice?: DashboardSlice | null },
  selectedAddresses: readonly string[],
): DownloadScope {
  return selectedAddresses.length > 0
    ? { selectedContainerAddresses: [...selectedAddresses] }
    : state.slice
      ? // A clicked slice replaces the search and filter (issue 13 item 3).
        { slice: state.slice }
      : { search: state.search, filter: state.filter };
}
