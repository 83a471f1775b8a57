import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { apiErrorCode, describeApiError } from '../../api/errors.ts';
import { statusOf } from '../../api/http.ts';
import { sendTwoFactorCode, validateTwoFactorCode } from '../../api/two-factor.ts';
import { useSnackbar } from '../../ui/snackbar/snackbar-context.ts';
import { useSession } from '../session/session-context.tsx';
import { useLogout } from '../session/use-logout.ts';

/** Access spec §8 and §9: two-factor errors show in a 3-second snackbar. */
export const twoFactorErrorMs = 3000;

/**
 * The two-factor flow (access spec §4 "Two-factor"): send the code on arrival (and again on
 * request), validate it for the full token, continue to `forward`. A wallet that locked itself
 * meanwhile means the session cannot sign anything: the user is logged out.
 */
export function useTwoFactor(forward: string) {
  const { t } = useTranslation();
  const { store } = useSession();
  const { enqueue } = useSnackbar();
  const navigate = useNavigate();
  const logout = useLogout();
  const [busy, setBusy] = useState(false);
  /** Issue 15: why the code typed was refused, shown in the form (a translated text). */
  const [codeError, setCodeError] = useState<string | null>(null);
  const sentOnArrival = useRef(false);

  const showError = useCallback(
    (error: unknown) => {
      // A 401 ends the session with its own alert; a snackbar on top would say it twice.
      if (statusOf(error) === 401) return;
      // Issue 15: a wrong or refused code is said under the field, not in a passing snackbar.
      setCodeError(
        apiErrorCode(error) === 'validation_failed'
          ? t('twoFactor.wrongCode')
          : describeApiError(error, t),
      );
    },
    [t],
  );

  const send = useCallback(async () => {
    setBusy(true);
    try {
      await sendTwoFactorCode();
      enqueue(t('twoFactor.sent'), 'success');
    } catch (error) {
      const text = describeApiError(error, t);
      if (statusOf(error) !== 401) enqueue(text, 'error', { autoHideMs: twoFactorErrorMs });
    } finally {
      setBusy(false);
    }
  }, [enqueue, t]);

  useEffect(() => {
    // Once per visit, also under StrictMode's double effects.
    if (sentOnArrival.current) return;
    sentOnArrival.current = true;
    void send();
  }, [send]);

  const validate = async (code: string) => {
    setBusy(true);
    setCodeError(null);
    try {
      const { accessToken, user } = await validateTwoFactorCode(code);
      if (!store.wallet()) {
        await logout();
        return;
      }
      store.completeTwoFactor(accessToken, user);
      await navigate(forward, { replace: true });
    } catch (error) {
      showError(error);
    } finally {
      setBusy(false);
    }
  };

  return { busy, send, validate, codeError, clearCodeError: () => setCodeError(null) };
}
