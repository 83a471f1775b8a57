import type { OverviewView } from '@scr/domain';
import { useQuery } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { releaseKeys } from '../api/query-keys.ts';
import { useReleasesApi } from '../api/releases-api-context.tsx';
import {
  defaultHiddenColumns,
  preferencesChange,
  restorePreferences,
  type RestoredPreferences,
} from './column-preferences.ts';

/** How long a change waits for the next before it is saved (hiding several columns in a row). */
export const preferencesSaveDelayMs = 600;

/**
 * The hidden columns and rows per page of the overview, restored from the saved preferences
 * once, and saved again (debounced) when the user changes them. `ready` turns true once the
 * saved choice is applied (or could not be read), so the tables ask for the right page size.
 */
export function useOverviewPreferences(onLimits: (limits: Record<OverviewView, number>) => void) {
  const api = useReleasesApi();
  const saved = useQuery({
    queryKey: releaseKeys.preferences,
    queryFn: () => api.getPreferences(),
    retry: false,
    staleTime: Infinity,
  });
  const [ready, setReady] = useState(false);
  const [hidden, setHidden] = useState(defaultHiddenColumns);
  const current = useRef<RestoredPreferences | null>(null);

  useEffect(() => {
    if (ready || saved.isPending) return;
    const restored = restorePreferences(saved.data);
    current.current = restored;
    setHidden(restored.hidden);
    onLimits(restored.limits);
    setReady(true);
  }, [ready, saved.isPending, saved.data, onLimits]);

  const dirty = useRef(false);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);

  const save = useCallback(() => {
    if (timer.current !== null) clearTimeout(timer.current);
    timer.current = null;
    if (!dirty.current || !current.current) return;
    dirty.current = false;
    // A preference that fails to save costs only the choice, not the page: no error shown.
    api.savePreferences(preferencesChange(current.current)).catch(() => undefined);
  }, [api]);

  // A change still waiting when the page closes is saved at once.
  useEffect(() => save, [save]);

  const schedule = useCallback(
    (update: (now: RestoredPreferences) => RestoredPreferences) => {
      if (!current.current) return;
      current.current = update(current.current);
      dirty.current = true;
      if (timer.current !== null) clearTimeout(timer.current);
      timer.current = setTimeout(save, preferencesSaveDelayMs);
    },
    [save],
  );

  const setHiddenColumns = useCallback(
    (view: OverviewView, ids: string[]) => {
      setHidden((now) => ({ ...now, [view]: ids }));
      schedule((now) => ({ ...now, hidden: { ...now.hidden, [view]: ids } }));
    },
    [schedule],
  );

  const setRowLimit = useCallback(
    (view: OverviewView, limit: number) =>
      schedule((now) => ({ ...now, limits: { ...now.limits, [view]: limit } })),
    [schedule],
  );

  return { ready, hidden, setHiddenColumns, setRowLimit };
}
