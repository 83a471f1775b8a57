import { useTranslation } from 'react-i18next';
import { describeApiError } from '../../api/errors.ts';
import { useSnackbar } from '../../ui/snackbar/snackbar-context.ts';
import { useSession } from '../session/session-context.tsx';

/** Access spec §8: an EULA or terms update failure shows for 3000 ms. */
export const gateErrorMs = 3000;

/**
 * Accepting a gate (EULA, terms): record it for the signed-in user, then re-authenticate for the
 * updated user so the gate opens; a failure shows as a snackbar and the dialog stays.
 */
export function useAcceptGate(record: (userId: number) => Promise<void>) {
  const { t } = useTranslation();
  const { user, store } = useSession();
  const { enqueue } = useSnackbar();
  return async () => {
    if (!user) return;
    try {
      await record(user.id);
      await store.refresh();
    } catch (error) {
      enqueue(describeApiError(error, t), 'error', { autoHideMs: gateErrorMs });
    }
  };
}
