import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { useSnackbar } from '../../../ui/snackbar/snackbar-context.ts';
import type { CustodyOutcome } from './custody-flow.ts';
import { failureText, refusalText } from './custody-report.ts';

interface PincodeLine {
  address: string;
  blNumber: string;
  containerNumber: string;
  pincode?: string;
  error?: string;
}

/** Every release of a pincode fetch: its pincode, or why there is none, in BL and container order. */
function pincodeLines(t: ReturnType<typeof useTranslation>['t'], outcome: CustodyOutcome) {
  const lines: PincodeLine[] = [
    ...outcome.pincodes,
    ...outcome.failed.map((failed) => ({ ...failed, error: failureText(t, failed) })),
    ...outcome.refused.map((refused) => ({
      address: refused.address,
      blNumber: refused.blNumber ?? '—',
      containerNumber: refused.containerNumber ?? refused.address,
      error: refusalText(t, outcome.action, refused),
    })),
  ];
  return lines.sort(
    (a, b) =>
      a.blNumber.localeCompare(b.blNumber) || a.containerNumber.localeCompare(b.containerNumber),
  );
}

/** Releases spec §3 "Pincode result": BL, container and the pincode (or its error), to copy. */
export function PincodeTable({ outcome }: { outcome: CustodyOutcome }) {
  const { t } = useTranslation();
  const { enqueue } = useSnackbar();
  const copy = async (pincode: string) => {
    try {
      await navigator.clipboard.writeText(pincode);
      enqueue(t('releases.custody.pincode.copied'), 'success');
    } catch {
      enqueue(t('releases.custody.pincode.copyFailed'), 'warning');
    }
  };
  return (
    <Table size="small" data-testid="pincode-table">
      <TableHead>
        <TableRow>
          <TableCell>{t('releases.columns.blNumber')}</TableCell>
          <TableCell>{t('releases.columns.containerNumber')}</TableCell>
          <TableCell>{t('releases.columns.pincode')}</TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {pincodeLines(t, outcome).map((line) => (
          <TableRow key={line.address} data-testid={`pincode-row-${line.containerNumber}`}>
            <TableCell>{line.blNumber}</TableCell>
            <TableCell>{line.containerNumber}</TableCell>
            <TableCell>
              {line.pincode ? (
                <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
                  <Box
                    component="span"
                    sx={{ fontFamily: 'monospace', fontSize: '1.1em', letterSpacing: '0.15em' }}
                    data-testid="pincode-value"
                  >
                    {line.pincode}
                  </Box>
                  <Tooltip title={t('releases.custody.pincode.copy')}>
                    <IconButton
                      size="small"
                      aria-label={t('releases.custody.pincode.copy')}
                      onClick={() => void copy(line.pincode!)}
                      data-testid="pincode-copy"
                    >
                      <ContentCopyIcon fontSize="small" />
                    </IconButton>
                  </Tooltip>
                </Box>
              ) : (
                <Typography variant="body2" color="error" data-testid="pincode-error">
                  {line.error}
                </Typography>
              )}
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
