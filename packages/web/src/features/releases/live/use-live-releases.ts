import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { releaseKeys } from '../api/query-keys.ts';
import { useReleasesApi } from '../api/releases-api-context.tsx';
import { liveReaction, type Viewer } from './live-reaction.ts';

/** A burst of events (an upload of many rows) makes one silent refresh, not one each. */
export const silentRefreshDelayMs = 1000;

/**
 * Listens to live release events while the overview is open (releases spec §4): a prompt to
 * refresh for the parties concerned, a quiet refresh for carriers. `refresh` invalidates the
 * overview queries and hides the prompt.
 */
export function useLiveReleases(viewer: Viewer | null) {
  const api = useReleasesApi();
  const queryClient = useQueryClient();
  const [prompted, setPrompted] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const role = viewer?.role;
  const address = viewer?.organizationAddress;

  const refresh = useCallback(() => {
    setPrompted(false);
    void queryClient.invalidateQueries({ queryKey: releaseKeys.overview });
  }, [queryClient]);

  useEffect(() => {
    if (!role || address === undefined) return;
    const unsubscribe = api.subscribeToReleaseEvents((event) => {
      const reaction = liveReaction(event, { role, organizationAddress: address });
      if (reaction === 'prompt') setPrompted(true);
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
  }, [api, queryClient, role, address]);

  return { prompted, refresh, dismiss: () => setPrompted(false) };
}
