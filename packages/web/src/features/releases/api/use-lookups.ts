import { showsPickupMethodColumn } from '@scr/domain';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { releaseKeys } from './query-keys.ts';
import { useReleasesApi } from './releases-api-context.tsx';

const lookupStaleMs = 10 * 60_000;

/** The terminals (releases spec §7 "terminals find"), and their codes for §5 "invalid terminal code". */
export function useTerminals() {
  const api = useReleasesApi();
  const query = useQuery({
    queryKey: releaseKeys.terminals,
    queryFn: () => api.findTerminals(),
    staleTime: lookupStaleMs,
  });
  const terminals = useMemo(() => query.data ?? [], [query.data]);
  const codes = useMemo(() => new Set(terminals.map((terminal) => terminal.code)), [terminals]);
  return { terminals, codes, isPending: query.isPending, error: query.error };
}

/** The ports, sorted by name (releases spec §7 "ports find"). */
export function usePorts() {
  const api = useReleasesApi();
  const query = useQuery({
    queryKey: releaseKeys.ports,
    queryFn: () => api.findPorts(),
    staleTime: lookupStaleMs,
  });
  return useMemo(() => query.data ?? [], [query.data]);
}

/**
 * The assign locations in display order (releases spec §2 "pickupMethod"), and whether the
 * pickupMethod column shows (domain `showsPickupMethodColumn`: some order other than 999).
 */
export function useAssignLocations() {
  const api = useReleasesApi();
  const query = useQuery({
    queryKey: releaseKeys.assignLocations,
    queryFn: () => api.findAssignLocations(),
    staleTime: lookupStaleMs,
  });
  const locations = useMemo(() => query.data ?? [], [query.data]);
  // `pending`: whether the column shows is not known yet (the overview waits for it).
  return {
    locations,
    showsPickupMethod: showsPickupMethodColumn(locations),
    pending: query.isPending,
  };
}
