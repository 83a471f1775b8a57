import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';

/** A section's title, a short explanation and its main actions. */
export function SectionHeader(props: { title: string; intro?: string; actions?: ReactNode }) {
  return (
    <Stack
      direction={{ xs: 'column', sm: 'row' }}
      spacing={2}
      sx={{ justifyContent: 'space-between', alignItems: { sm: 'flex-start' }, mb: 2 }}
    >
      <div>
        <Typography component="h2" variant="h6" sx={{ fontWeight: 600 }}>
          {props.title}
        </Typography>
        {props.intro && (
          <Typography variant="body2" color="text.secondary" sx={{ maxWidth: 720 }}>
            {props.intro}
          </Typography>
        )}
      </div>
      {props.actions && (
        <Stack direction="row" spacing={1} sx={{ flexShrink: 0 }}>
          {props.actions}
        </Stack>
      )}
    </Stack>
  );
}
