import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { ContainerRow } from '@scr/domain';
import { useTranslation } from 'react-i18next';

/**
 * Issue 15: the containers an action dialog acts on (transfer, revoke, block, pincode, assign,
 * delete…), in a compact list that scrolls past a few lines, so nobody confirms blind.
 */
export function SelectedContainers({
  rows,
}: {
  rows: readonly Pick<ContainerRow, 'address' | 'containerNumber' | 'blNumber'>[];
}) {
  const { t } = useTranslation();
  if (rows.length === 0) return null;
  return (
    <Box data-testid="selected-containers">
      <Typography variant="subtitle2" color="text.secondary" sx={{ mb: 0.5 }}>
        {t('releases.selected.title', { count: rows.length })}
      </Typography>
      <Box
        component="ul"
        tabIndex={0}
        aria-label={t('releases.selected.title', { count: rows.length })}
        sx={{
          m: 0,
          px: 1.5,
          py: 0.5,
          listStyle: 'none',
          maxHeight: 148,
          overflowY: 'auto',
          border: 1,
          borderColor: 'divider',
          borderRadius: 1,
          display: 'grid',
          gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' },
          columnGap: 2,
        }}
      >
        {rows.map((row) => (
          <Box
            component="li"
            key={row.address}
            data-testid="selected-container"
            sx={{
              py: 0.25,
              fontSize: 14,
              whiteSpace: 'nowrap',
              overflow: 'hidden',
              textOverflow: 'ellipsis',
            }}
            title={`${row.containerNumber} · ${row.blNumber}`}
          >
            <Box component="span" sx={{ fontWeight: 600, fontFamily: 'monospace' }}>
              {row.containerNumber}
            </Box>{' '}
            <Box component="span" sx={{ color: 'text.secondary' }}>
              {row.blNumber}
            </Box>
          </Box>
        ))}
      </Box>
    </Box>
  );
}
