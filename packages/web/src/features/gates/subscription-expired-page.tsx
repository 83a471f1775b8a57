import DnsOutlinedIcon from '@mui/icons-material/DnsOutlined';
import LogoutIcon from '@mui/icons-material/Logout';
import WorkspacePremiumOutlinedIcon from '@mui/icons-material/WorkspacePremiumOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { helpPagePath, useHelp } from '../../ui/help/help-context.tsx';
import { currentLanguage } from '../../i18n/i18n.ts';
import { orderPath } from '../session/gates.ts';
import { useLogout } from '../session/use-logout.ts';

/** The help section that explains installing the ID wallet on premise. */
export const walletOnPremiseSection = '#wallet-on-premise';

/**
 * The subscription-expired screen (access spec §2, §4 "Subscription access"): which plan is
 * missing, that the account is temporarily deactivated, and the two ways back: SCR Premium
 * (order) or SCR Basic for free with the ID wallet on premise.
 */
export function SubscriptionExpiredPage({
  notice,
}: {
  notice: 'noWalletSubscription' | 'scrSubscriptionExpired';
}) {
  const { t, i18n } = useTranslation();
  const { openHelp } = useHelp();
  const logout = useLogout();
  const guide = helpPagePath(currentLanguage(i18n), walletOnPremiseSection);

  return (
    <Box
      data-testid="subscription-expired-page"
      data-notice={notice}
      sx={{ maxWidth: 880, mx: 'auto', mt: { xs: 1, md: 4 } }}
    >
      <Typography component="h1" variant="h4" sx={{ fontWeight: 600, mb: 2 }}>
        {t(`gates.subscription.${notice}`)}
      </Typography>
      <Alert severity="warning" sx={{ mb: 3 }}>
        {t('gates.subscription.deactivated')}
      </Alert>
      <Box
        sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' }, mb: 3 }}
      >
        <Option
          testId="subscription-option-premium"
          icon={<WorkspacePremiumOutlinedIcon color="primary" aria-hidden />}
          title={t('gates.subscription.premiumTitle')}
          text={t('gates.subscription.premiumText')}
          action={
            <Button
              component={RouterLink}
              to={orderPath}
              variant="contained"
              data-testid="subscription-order"
            >
              {t('gates.subscription.order')}
            </Button>
          }
        />
        <Option
          testId="subscription-option-basic"
          icon={<DnsOutlinedIcon color="primary" aria-hidden />}
          title={t('gates.subscription.basicTitle')}
          text={t('gates.subscription.basicText')}
          action={
            <Button
              href={guide}
              variant="outlined"
              data-testid="subscription-guide"
              onClick={(event) => {
                event.preventDefault();
                openHelp(walletOnPremiseSection);
              }}
            >
              {t('gates.subscription.guide')}
            </Button>
          }
        />
      </Box>
      <Button
        variant="outlined"
        startIcon={<LogoutIcon />}
        onClick={() => void logout()}
        data-testid="subscription-logout"
      >
        {t('profile.logout')}
      </Button>
    </Box>
  );
}

interface OptionProps {
  testId: string;
  icon: ReactNode;
  title: string;
  text: string;
  action: ReactNode;
}

function Option({ testId, icon, title, text, action }: OptionProps) {
  return (
    <Card variant="outlined" data-testid={testId} sx={{ display: 'flex', flexDirection: 'column' }}>
      <CardContent sx={{ flex: 1 }}>
        <Box sx={{ display: 'flex', alignItems: 'flex-start', gap: 1, mb: 1 }}>
          {icon}
          <Typography component="h2" variant="subtitle1" sx={{ fontWeight: 600, lineHeight: 1.5 }}>
            {title}
          </Typography>
        </Box>
        <Typography color="text.secondary">{text}</Typography>
      </CardContent>
      <CardActions sx={{ px: 2, pb: 2 }}>{action}</CardActions>
    </Card>
  );
}
