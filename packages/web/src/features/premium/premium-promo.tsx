import WorkspacePremiumIcon from '@mui/icons-material/WorkspacePremium';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import type { FeatureFlag } from '@scr/domain';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { premiumCopyKeys } from './premium-copy.ts';

/**
 * The embedded promotional panel shown instead of a Premium feature the organisation lacks
 * (access spec §6): what the feature does, and the way to the Premium plans.
 */
export function PremiumPromo({ feature }: { feature?: FeatureFlag }) {
  const { t } = useTranslation();
  const keys = premiumCopyKeys(feature);
  return (
    <Card
      variant="outlined"
      data-testid="premium-promo"
      data-feature={feature}
      sx={{ maxWidth: 640, mx: 'auto', borderColor: 'secondary.main' }}
    >
      <CardContent>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mb: 1 }}>
          <WorkspacePremiumIcon color="secondary" aria-hidden />
          <Typography variant="overline" color="secondary">
            {t('premium.badge')}
          </Typography>
        </Box>
        <Typography component="h2" variant="h6" sx={{ mb: 1 }}>
          {t(keys.title)}
        </Typography>
        <Typography color="text.secondary">{t(keys.text)}</Typography>
      </CardContent>
      <CardActions sx={{ px: 2, pb: 2 }}>
        <Button component={Link} to="/order" variant="contained" data-testid="premium-order">
          {t('premium.seePlans')}
        </Button>
      </CardActions>
    </Card>
  );
}
