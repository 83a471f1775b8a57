import SailingIcon from '@mui/icons-material/Sailing';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { helpPagePath, useHelp } from '../../ui/help/help-context.tsx';
import { currentLanguage } from '../../i18n/i18n.ts';

export interface LoginFrameProps {
  /** The sign-in form (e-mail, organisation, password), when there is one. */
  form?: ReactNode;
  /** The red error line under the form (access spec §2 "Login screen"). */
  error?: ReactNode;
  /** Replaces the default notice beside the form. */
  notice?: ReactNode;
}

/**
 * The frame of the login screen: a centred card with the portal's name, a welcome, the
 * sign-in form's place, the "Forgot password?" link and the notice area.
 */
export function LoginFrame({ form, error, notice }: LoginFrameProps) {
  const { t, i18n } = useTranslation();
  const { openHelp } = useHelp();
  const passwordHelp = helpPagePath(currentLanguage(i18n), '#forgot-password');

  return (
    <Box sx={{ display: 'flex', justifyContent: 'center', pt: { xs: 2, md: 6 } }}>
      <Card data-testid="login-frame" variant="outlined" sx={{ width: '100%', maxWidth: 560 }}>
        <CardContent sx={{ p: 4, display: 'flex', flexDirection: 'column', gap: 2.5 }}>
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5 }}>
            <SailingIcon color="primary" sx={{ fontSize: 40 }} aria-hidden />
            <Typography component="h1" variant="h5" sx={{ fontWeight: 600 }}>
              {t('shell.productName')}
            </Typography>
          </Box>
          <Typography color="text.secondary">{t('login.welcome')}</Typography>
          {form}
          {error ? (
            <Typography role="alert" color="error" variant="body2">
              {error}
            </Typography>
          ) : null}
          <Link
            href={passwordHelp}
            data-testid="forgot-password"
            variant="body2"
            sx={{ alignSelf: 'flex-start' }}
            onClick={(event) => {
              event.preventDefault();
              openHelp('#forgot-password');
            }}
          >
            {t('login.forgotPassword')}
          </Link>
          <Box data-testid="login-notice">
            {notice ?? (
              <Alert severity="info" variant="outlined" role="note">
                <AlertTitle>{t('login.noticeTitle')}</AlertTitle>
                {t('login.notice')}
              </Alert>
            )}
          </Box>
        </CardContent>
      </Card>
    </Box>
  );
}
