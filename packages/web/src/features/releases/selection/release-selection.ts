import {
  selectionRefreshMs,
  maxSelectedReleases,
  type ContainerRow,
  type DashboardSlice,
  type OverviewFilter,
  type ReleaseSelectionRequest,
} from '@scr/domain';
import { useQuery } from '@tanstack/react-query';
import {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
} from 'react';
import { releaseKeys } from '../api/query-keys.ts';
import { useSelectionApi } from './selection-api.tsx';

/** What "select all that match" resolves: the overview's current search, filter and slice. */
export interface MatchingQuery {
  search: string;
  filter: OverviewFilter;
  slice?: DashboardSlice | null;
}

/**
 * The overview's selection of releases (issue 13 item 4), what every action dialog acts on:
 * the rows ticked in the table, across pages, or every release that matches the search and
 * filter ("select all that match", resolved by the server, at most `maxSelectedReleases`).
 * Its rows are refreshed from the server `selectionRefreshMs` (1.5 s) after it changes and
 * whenever the overview is refreshed, and a release the organisation no longer holds drops out.
 */
export interface ReleaseSelection {
  /** The selected releases, with the freshest data known, in selection order. */
  rows: ContainerRow[];
  /** The same by address (what the table's checkboxes take). */
  byAddress: Record<string, ContainerRow>;
  addresses: string[];
  count: number;
  /** True while the selection is "every release that matches" (not changed since). */
  allMatching: boolean;
  /** Replaces the selection (the table's checkboxes, kept across pages). */
  set(byAddress: Record<string, ContainerRow>): void;
  /** Takes releases out (deleted ones). */
  remove(addresses: readonly string[]): void;
  clear(): void;
  /** Selects every release matching the query; rejects (nothing changed) past the cap. */
  selectAllMatching(query: MatchingQuery): Promise<void>;
}

/** The request of "select all that match": only the filter fields that are set. */
export function matchingRequest(query: MatchingQuery): ReleaseSelectionRequest {
  const filter = Object.fromEntries(
    Object.entries(query.filter).filter(([, value]) => typeof value === 'string' && value.trim()),
  ) as OverviewFilter;
  const request: ReleaseSelectionRequest = { filter };
  if (query.search.trim()) request.search = query.search.trim();
  if (query.slice) request.slice = query.slice;
  return request;
}

/**
 * Holds the overview's selection (the releases page calls it once and hands it down with
 * `ReleaseSelectionContext`; everything else reads it with {@link useReleaseSelection}).
 */
export function useReleaseSelectionState(): ReleaseSelection {
  const api = useSelectionApi();
  const [byAddress, setByAddress] = useState<Record<string, ContainerRow>>({});
  const [allMatching, setAllMatching] = useState(false);
  // Every change by the user is numbered; the refresh runs 1.5 s after the last one, unless
  // "select all that match" brought fresh rows meanwhile (`pending` null).
  const changes = useRef(0);
  const [pending, setPending] = useState<number | null>(null);
  const [refreshed, setRefreshed] = useState(0);
  const current = useRef(byAddress);
  current.current = byAddress;

  const change = useCallback((next: Record<string, ContainerRow>) => {
    setByAddress(next);
    setAllMatching(false);
    changes.current += 1;
    setPending(changes.current);
  }, []);

  useEffect(() => {
    if (pending === null) return;
    const timer = setTimeout(() => setRefreshed(pending), selectionRefreshMs);
    return () => clearTimeout(timer);
  }, [pending]);

  const addresses = useMemo(() => Object.keys(byAddress), [byAddress]);
  // Under the overview's key: a refresh of the overview (after an action) refreshes it too.
  const fresh = useQuery({
    queryKey: [...releaseKeys.overview, 'selection', refreshed],
    queryFn: async () => {
      const requested = Object.keys(current.current).slice(0, maxSelectedReleases);
      const answer = await api.resolveSelection({ addresses: requested });
      return { requested, rows: answer.data };
    },
    enabled: refreshed > 0 && addresses.length > 0,
  });

  useEffect(() => {
    if (!fresh.data) return;
    const requested = new Set(fresh.data.requested);
    const { rows } = fresh.data;
    const found = new Map(rows.map((row) => [row.address, row]));
    setByAddress((now) => {
      const next: Record<string, ContainerRow> = {};
      for (const [address, row] of Object.entries(now)) {
        if (!requested.has(address)) next[address] = row;
        else if (found.has(address)) next[address] = found.get(address)!;
      }
      return next;
    });
  }, [fresh.data]);

  return useMemo(
    () => ({
      rows: Object.values(byAddress),
      byAddress,
      addresses,
      count: addresses.length,
      allMatching,
      set: change,
      remove: (gone) => {
        const out = new Set(gone);
        change(Object.fromEntries(Object.entries(current.current).filter(([a]) => !out.has(a))));
      },
      clear: () => change({}),
      selectAllMatching: async (query) => {
        const answer = await api.resolveSelection(matchingRequest(query));
        setByAddress(Object.fromEntries(answer.data.map((row) => [row.address, row])));
        setAllMatching(true);
        setPending(null);
      },
    }),
    [byAddress, addresses, allMatching, change, api],
  );
}

/** Handed down by the releases page; empty (and inert) outside it. */
export const ReleaseSelectionContext = createContext<ReleaseSelection>({
  rows: [],
  byAddress: {},
  addresses: [],
  count: 0,
  allMatching: false,
  set: () => undefined,
  remove: () => undefined,
  clear: () => undefined,
  selectAllMatching: async () => undefined,
});

/**
 * The overview's current selection, for any dialog or button that acts on it (custody, assign,
 * audit trail, downloads, bulk): `rows` to act on, `count` to show, `allMatching` to say so.
 */
export function useReleaseSelection(): ReleaseSelection {
  return useContext(ReleaseSelectionContext);
}
