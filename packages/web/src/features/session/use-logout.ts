import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { useSession } from './session-context.tsx';

/**
 * Logout as every page does it (access spec §4): leave for the logged-out page first (or the
 * guard of a protected page would send us to sign in), then end the session and drop every
 * cached answer of the signed-in user.
 */
export function useLogout(): () => Promise<void> {
  const { store } = useSession();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  return useCallback(async () => {
    // Committed at once: the session ending must not find the protected page still mounted.
    await navigate('/logged-out', { replace: true, flushSync: true });
    queryClient.clear();
    await store.logout();
  }, [navigate, queryClient, store]);
}
