import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { releaseKeys } from '../api/query-keys.ts';
import { useReleasesApi } from '../api/releases-api-context.tsx';
import { addLiveChange, type LiveChange } from './live-changes.ts';
import { liveReaction, type Viewer } from './live-reaction.ts';

/** A burst of notices (several actions in a row) makes one silent refresh, not one each. */
export const silentRefreshDelayMs = 1000;

/**
 * Listens to live release notices while the overview is open (releases spec §4): a prompt to
 * refresh for the parties concerned, saying what changed (issue 15), a quiet refresh for
 * carriers and for the viewer's own changes. `refresh` invalidates the overview queries and
 * clears the prompt.
 */
export function useLiveReleases(viewer: Viewer | null) {
  const api = useReleasesApi();
  const queryClient = useQueryClient();
  const [changes, setChanges] = useState<LiveChange[]>([]);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const role = viewer?.role;
  const address = viewer?.organizationAddress;
  const userId = viewer?.userId;

  const refresh = useCallback(() => {
    setChanges([]);
    void queryClient.invalidateQueries({ queryKey: releaseKeys.overview });
  }, [queryClient]);

  useEffect(() => {
    if (!role || address === undefined) return;
    const unsubscribe = api.subscribeToReleaseEvents((notice) => {
      const reaction = liveReaction(notice, { role, organizationAddress: address, userId });
      if (reaction === 'prompt') setChanges((now) => addLiveChange(now, notice, address));
      if (reaction === 'refresh' && timer.current === null) {
        timer.current = setTimeout(() => {
          timer.current = null;
          void queryClient.invalidateQueries({ queryKey: releaseKeys.overview });
        }, silentRefreshDelayMs);
      }
    });
    return () => {
      unsubscribe();
      if (timer.current !== null) clearTimeout(timer.current);
      timer.current = null;
    };
  }, [api, queryClient, role, address, userId]);

  return {
    prompted: changes.length > 0,
    changes,
    refresh,
    dismiss: () => setChanges([]),
  };
}
