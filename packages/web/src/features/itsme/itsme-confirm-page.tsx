import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import ErrorIcon from '@mui/icons-material/Error';
import Alert from '@mui/material/Alert';
import CircularProgress from '@mui/material/CircularProgress';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import {
  errorTranslationKey,
  itsmeConfirmRoute,
  readItsmeReturn,
  servicePaths,
  type ItsmeConfirmAnswer,
  type ItsmeReturn,
} from '@scr/domain';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { describeApiError } from '../../api/errors.ts';
import { requestJson } from '../../api/http.ts';

/** `POST /api/driver/itsme {itsmeCode}` with the link's state as the bearer token (access spec §7). */
export const confirmItsme = (code: string, state: string) =>
  requestJson<ItsmeConfirmAnswer>(`/api/${servicePaths.itsmeConfirm}`, {
    method: 'POST',
    token: state,
    body: { itsmeCode: code },
  });

/**
 * `/itsme-confirm` (access spec §2 "Routes": public, before any sign-in): where itsme sends a
 * driver back with `code` and `state`. Posts the code once and shows success, or the spec's
 * error (§8 "Itsme"). The code and state leave the address bar at once.
 */
export function ItsmeConfirmPage() {
  const { t } = useTranslation();
  const location = useLocation();
  const navigate = useNavigate();
  const [itsmeReturn] = useState<ItsmeReturn>(() =>
    readItsmeReturn(new URLSearchParams(location.search)),
  );
  useEffect(() => {
    if (location.search) void navigate(itsmeConfirmRoute, { replace: true });
  }, [location.search, navigate]);

  const confirmation = useQuery({
    queryKey: ['itsme-confirm', itsmeReturn],
    queryFn: () =>
      itsmeReturn.kind === 'confirm'
        ? confirmItsme(itsmeReturn.code, itsmeReturn.state)
        : Promise.reject(new Error('no code')),
    enabled: itsmeReturn.kind === 'confirm',
    // A state is good for one call: never again, whatever happens to the page.
    retry: false,
    staleTime: Infinity,
    gcTime: Infinity,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
  });

  const failure =
    itsmeReturn.kind === 'failed'
      ? t(errorTranslationKey(itsmeReturn.reason))
      : confirmation.isError
        ? describeApiError(confirmation.error, t)
        : null;

  return (
    <Paper
      data-testid="itsme-confirm-page"
      variant="outlined"
      sx={{ maxWidth: 560, mx: 'auto', mt: 8, p: 4, textAlign: 'center' }}
    >
      <Typography component="h1" variant="h5" gutterBottom>
        {t('itsme.title')}
      </Typography>
      {failure !== null ? (
        <>
          <ErrorIcon color="error" sx={{ fontSize: 48, my: 1 }} aria-hidden />
          <Typography component="h2" variant="h6" gutterBottom>
            {t('itsme.failureTitle')}
          </Typography>
          <Alert severity="error" data-testid="itsme-confirm-error" sx={{ textAlign: 'left' }}>
            {failure}
          </Alert>
          <Typography color="text.secondary" sx={{ mt: 2 }}>
            {t('itsme.restartHint')}
          </Typography>
        </>
      ) : confirmation.data ? (
        <>
          <CheckCircleIcon color="success" sx={{ fontSize: 48, my: 1 }} aria-hidden />
          <Typography component="h2" variant="h6" gutterBottom data-testid="itsme-confirm-success">
            {t('itsme.successTitle')}
          </Typography>
          <Typography>
            {t('itsme.successText', {
              givenName: confirmation.data.givenName,
              familyName: confirmation.data.familyName,
            })}
          </Typography>
          <Typography color="text.secondary" sx={{ mt: 2 }}>
            {t('itsme.close')}
          </Typography>
        </>
      ) : (
        <>
          <CircularProgress sx={{ my: 2 }} aria-hidden />
          <Typography role="status">{t('itsme.confirming')}</Typography>
        </>
      )}
    </Paper>
  );
}
