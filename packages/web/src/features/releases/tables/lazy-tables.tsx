import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import { lazy, useState, type ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import type { ContainerTableProps } from './container-table.tsx';
import type { OverviewTableProps } from './overview-table-props.ts';

/*
 * Issue 15: the overview's tables and their library (material-react-table with its date
 * pickers, about 110 kB compressed) are downloaded when a table is first shown, never with the
 * page itself: a phone shows cards (`cards/release-cards.tsx`) and never needs them.
 */

/**
 * A component downloaded on first use (inside a `Suspense`); once downloaded, a new mount
 * renders it at once, without suspending. `preload` downloads it ahead (the web tests do).
 */
function onDemand<P extends object>(load: () => Promise<ComponentType<P>>) {
  let loaded: ComponentType<P> | null = null;
  const preload = async () => {
    loaded ??= await load();
    return loaded;
  };
  const Lazy = lazy(async () => ({ default: await preload() }));
  function OnDemand(props: P) {
    // Chosen once per mount, so the table is never swapped (and reset) under the user.
    const [Direct] = useState(() => loaded);
    return Direct ? <Direct {...props} /> : <Lazy {...props} />;
  }
  return Object.assign(OnDemand, { preload });
}

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
