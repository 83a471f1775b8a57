import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import { useTranslation } from 'react-i18next';
import { onDemand } from '../../../ui/on-demand.tsx';
import type { ContainerTableProps } from './container-table.tsx';
import type { OverviewTableProps } from './overview-table-props.ts';

/*
 * Issue 15: the overview's tables and their library (material-react-table with its date
 * pickers, about 110 kB compressed) are downloaded when a table is first shown, never with the
 * page itself: a phone shows cards (`cards/release-cards.tsx`) and never needs them.
 */

export const BlTable = onDemand<OverviewTableProps>(
  async () => (await import('./bl-table.tsx')).BlTable,
);
export const ContainerTable = onDemand<ContainerTableProps>(
  async () => (await import('./container-table.tsx')).ContainerTable,
);

/** Where a table will be while its code downloads. */
export function TableLoading() {
  const { t } = useTranslation();
  return (
    <Box role="status" aria-label={t('releases.loading')} sx={{ py: 4 }}>
      <LinearProgress />
    </Box>
  );
}
