import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';

/**
 * One of the bulk operation's progress bars (issue 13 item 1: the upload, the classification,
 * the action): a label and how far, or indeterminate when `fraction` is null.
 */
export function BulkProgress(props: { label: string; fraction: number | null; testId: string }) {
  const percent = props.fraction === null ? null : Math.round(props.fraction * 100);
  return (
    <Box sx={{ mt: 2 }} data-testid={props.testId} data-percent={percent ?? undefined}>
      <Typography variant="body2" sx={{ mb: 1 }}>
        {props.label}
      </Typography>
      <LinearProgress
        variant={percent === null ? 'indeterminate' : 'determinate'}
        value={percent ?? undefined}
        aria-label={props.label}
      />
    </Box>
  );
}
