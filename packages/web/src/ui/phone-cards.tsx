import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { Theme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { ReactNode } from 'react';

/**
 * Below the `sm` breakpoint (a phone) the portal's lists are cards, not tables: the release
 * overview, the drivers, barges and trains, the terminal's containers. A table a
 * phone cannot hold would widen the whole page and push the top bar's buttons off-screen.
 */
export function usePhoneLayout(): boolean {
  return useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'), { noSsr: true });
}

/** A list of cards: one `li` card per row (`Card component="li"`). */
export function CardList({ children, testId }: { children: ReactNode; testId?: string }) {
  return (
    <Stack component="ul" spacing={1} sx={{ listStyle: 'none', p: 0, m: 0 }} data-testid={testId}>
      {children}
    </Stack>
  );
}

/** A card's labelled values, two to a line (`CardField` each). */
export function CardFields({ children }: { children: ReactNode }) {
  return (
    <Box
      component="dl"
      sx={{ display: 'grid', gridTemplateColumns: '1fr 1fr', gap: 1, m: 0, mt: 1 }}
    >
      {children}
    </Box>
  );
}

/** One labelled value of a card; long values wrap inside their half of the card. */
export function CardField({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Box sx={{ minWidth: 0 }}>
      <Typography component="dt" variant="caption" color="text.secondary">
        {label}
      </Typography>
      <Typography
        component="dd"
        variant="body2"
        sx={{ m: 0, minWidth: 0, overflowWrap: 'anywhere' }}
      >
        {children}
      </Typography>
    </Box>
  );
}
