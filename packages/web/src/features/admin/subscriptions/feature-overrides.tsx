import Chip from '@mui/material/Chip';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { featureFlags, type FeatureFlag } from '@scr/domain';
import { useQuery } from '@tanstack/react-query';
import { adminApi, adminKeys } from '../api/admin-api.ts';
import { useAdminT } from '../admin-i18n.ts';
import { useAdminMutation } from '../common/use-admin-mutation.ts';

type Choice = 'plan' | 'on' | 'off';

/** Per feature flag: what the plans give, and support's override (on, off, or the plans decide). */
export function FeatureOverrides({ organizationId }: { organizationId: number }) {
  const { t } = useAdminT();
  const features = useQuery({
    queryKey: adminKeys.of('features', organizationId),
    queryFn: () => adminApi.features.get(organizationId),
  });
  const change = useAdminMutation({
    mutationFn: ({ flag, choice }: { flag: FeatureFlag; choice: Choice }) =>
      adminApi.features.patch(organizationId, {
        [flag]: choice === 'plan' ? null : choice === 'on',
      }),
    success: 'common.saved',
    invalidates: ['features'],
  });
  const choiceOf = (flag: FeatureFlag): Choice => {
    const override = features.data?.overrides[flag];
    return override === undefined ? 'plan' : override ? 'on' : 'off';
  };
  return (
    <Paper variant="outlined" sx={{ mt: 3 }}>
      <Typography component="h3" variant="subtitle1" sx={{ fontWeight: 600, p: 2, pb: 0 }}>
        {t('features.title')}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ px: 2 }}>
        {t('features.intro')}
      </Typography>
      <Table size="small" aria-label={t('features.title')} data-testid="features-table">
        <TableHead>
          <TableRow>
            <TableCell sx={{ fontWeight: 600 }}>{t('features.flag')}</TableCell>
            <TableCell sx={{ fontWeight: 600 }}>{t('features.effective')}</TableCell>
            <TableCell sx={{ fontWeight: 600 }}>{t('features.override')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {featureFlags.map((flag) => (
            <TableRow key={flag}>
              <TableCell>
                {t(`features.flags.${flag}`)}
                <br />
                <small style={{ opacity: 0.7 }}>{flag}</small>
              </TableCell>
              <TableCell>
                {features.data && (
                  <Chip
                    size="small"
                    color={features.data.features[flag] ? 'success' : 'default'}
                    label={features.data.features[flag] ? t('features.on') : t('features.off')}
                  />
                )}
              </TableCell>
              <TableCell>
                <TextField
                  select
                  size="small"
                  value={choiceOf(flag)}
                  disabled={!features.data || change.isPending}
                  onChange={(event) =>
                    change.mutate({ flag, choice: event.target.value as Choice })
                  }
                  slotProps={{
                    htmlInput: { 'data-testid': `feature-${flag}`, 'aria-label': flag },
                  }}
                >
                  <MenuItem value="plan">{t('features.byPlan')}</MenuItem>
                  <MenuItem value="on">{t('features.forceOn')}</MenuItem>
                  <MenuItem value="off">{t('features.forceOff')}</MenuItem>
                </TextField>
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </Paper>
  );
}
