import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { CustodyStep } from './custody-flow.ts';

/** Which step of a custody action is running (checking, the wallet, saving). */
export function CustodyProgress({ step }: { step: CustodyStep }) {
  const { t } = useTranslation();
  return (
    <Box data-testid="custody-progress" data-step={step}>
      <LinearProgress sx={{ mb: 1 }} />
      <Typography variant="body2" color="text.secondary">
        {t(`releases.custody.step.${step}`)}
      </Typography>
    </Box>
  );
}
