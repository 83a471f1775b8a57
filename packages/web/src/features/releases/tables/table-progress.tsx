import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import { useTranslation } from 'react-i18next';

/**
 * An overview table's progress bar while a page is fetched, in a slot of its own height above
 * the table. MRT's own bars (`showProgressBars`) open and close in a `Collapse`, which measures
 * the page (a forced layout) at each fetch, and name themselves "Loading" in English whatever
 * the portal's language (issue 10 §7).
 */
export function TableProgress({ active }: { active: boolean }) {
  const { t } = useTranslation();
  return (
    <Box sx={{ height: 4 }}>
      {active ? <LinearProgress aria-label={t('releases.loading')} /> : null}
    </Box>
  );
}
