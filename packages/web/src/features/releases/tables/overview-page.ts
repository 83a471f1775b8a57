import type { BillOfLadingRow, ContainerRow, OverviewPage, OverviewView } from '@scr/domain';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { releaseKeys } from '../api/query-keys.ts';
import { useReleasesApi } from '../api/releases-api-context.tsx';
import { useAssignLocations } from '../api/use-lookups.ts';
import { pageQuery, type OverviewTableProps } from './overview-table-props.ts';

type OverviewRow<V extends OverviewView> = V extends 'bl' ? BillOfLadingRow : ContainerRow;

/**
 * One overview tab's current page, as its table and its cards (on a phone) ask the server for
 * it: once the overview has started and the saved preferences are applied (releases spec §2),
 * keeping the previous page on screen while the next one loads. Before the start there are no
 * rows and no count. The first rows wait for the assign-locations lookup too, which decides
 * whether the pickupMethod column shows: a column arriving after the rows would move every
 * cell of the page (layout shift, bench/README.md "The web app in Chromium").
 */
export function useOverviewPage<V extends OverviewView>(view: V, props: OverviewTableProps) {
  const api = useReleasesApi();
  const { state } = props;
  const query = pageQuery(state, view);
  const page = useQuery({
    queryKey: view === 'bl' ? releaseKeys.billsOfLading(query) : releaseKeys.containers(query),
    queryFn: () =>
      (view === 'bl' ? api.findBillsOfLading(query) : api.findContainers(query)) as Promise<
        OverviewPage<OverviewRow<V>>
      >,
    enabled: props.ready && state.started,
    placeholderData: keepPreviousData,
  });
  const columns = useAssignLocations();
  const shown = state.started && !columns.pending;
  return {
    query,
    page,
    /** The first page is on its way, or the lookup that decides the columns. */
    firstPending: page.isPending || columns.pending,
    rows: shown ? (page.data?.data ?? []) : [],
    total: shown ? (page.data?.total ?? 0) : 0,
  };
}
