import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import CircleIcon from '@mui/icons-material/Circle';
import WarningAmberIcon from '@mui/icons-material/WarningAmber';
import Box from '@mui/material/Box';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Tooltip from '@mui/material/Tooltip';
import type { AuditTrailEntry } from '@scr/domain';
import { useTranslation } from 'react-i18next';
import { none } from '../tables/cells.tsx';
import { auditTrailColumns, entryTexts } from './audit-trail-csv.ts';
import { descriptionLines, type DescriptionLine } from './entry-description.ts';

/** Port-status colours (releases spec §4 "Traffic light"): yellow, green, gray, otherwise other. */
const lightColors: Record<string, string> = {
  green: 'success.main',
  yellow: 'warning.main',
  gray: 'grey.500',
  grey: 'grey.500',
  red: 'error.main',
};

/** The audit trail as a table (releases spec §2 "Audit trail dialog", §3 "Audit trail entry"). */
export function AuditTrailTable({ entries }: { entries: readonly AuditTrailEntry[] }) {
  const { t } = useTranslation();
  return (
    <TableContainer sx={{ maxHeight: '65vh' }}>
      <Table size="small" stickyHeader data-testid="audit-trail-table">
        <TableHead>
          <TableRow>
            {auditTrailColumns.map((column) => (
              <TableCell key={column} sx={{ whiteSpace: 'nowrap' }}>
                {t(`releases.auditTrail.column.${column}`)}
              </TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {entries.map((entry) => {
            const texts = entryTexts(entry, t);
            return (
              <TableRow key={entry.id} data-testid="audit-trail-row" hover>
                <TableCell>{texts.blNumber}</TableCell>
                <TableCell>{texts.containerNumber}</TableCell>
                <TableCell>{texts.operation}</TableCell>
                <TableCell sx={{ whiteSpace: 'nowrap' }}>{texts.operationAt}</TableCell>
                <TableCell>{texts.source}</TableCell>
                <TableCell>{texts.sourceOrganization || none}</TableCell>
                <TableCell>{texts.targetOrganization || none}</TableCell>
                <TableCell>{texts.user || none}</TableCell>
                <TableCell sx={{ minWidth: 240, overflowWrap: 'anywhere' }}>
                  <Description lines={descriptionLines(entry.description, t)} />
                </TableCell>
                <TableCell align="center">
                  <VerifiedMark entry={entry} />
                </TableCell>
              </TableRow>
            );
          })}
        </TableBody>
      </Table>
    </TableContainer>
  );
}

function Description({ lines }: { lines: DescriptionLine[] }) {
  if (lines.length === 0) return <>{none}</>;
  return (
    <Box
      component="ul"
      sx={{ m: 0, p: 0, listStyle: 'none' }}
      data-testid="audit-trail-description"
    >
      {lines.map((line, index) => (
        <Box component="li" key={index} data-kind={line.kind}>
          {line.kind === 'light' ? (
            <CircleIcon
              aria-hidden
              sx={{
                fontSize: 12,
                mr: 0.5,
                verticalAlign: 'middle',
                color: lightColors[line.color ?? ''] ?? 'info.main',
              }}
            />
          ) : null}
          {line.kind === 'pair' ? (
            <>
              <Box component="span" sx={{ color: 'text.secondary' }}>
                {line.label}:
              </Box>{' '}
              {line.value}
            </>
          ) : (
            line.text
          )}
        </Box>
      ))}
    </Box>
  );
}

/** A check when the event verifies; a warning with the problem as its tooltip when not. */
function VerifiedMark({ entry }: { entry: AuditTrailEntry }) {
  const { t } = useTranslation();
  if (entry.verified) {
    return (
      <CheckCircleIcon
        color="success"
        fontSize="small"
        titleAccess={t('releases.auditTrail.verified')}
        data-testid="audit-trail-verified"
      />
    );
  }
  const problem = t('releases.auditTrail.notVerified', { problem: entry.verifyProblem ?? '' });
  return (
    <Tooltip title={problem}>
      <WarningAmberIcon
        color="warning"
        fontSize="small"
        titleAccess={problem}
        data-testid="audit-trail-unverified"
      />
    </Tooltip>
  );
}
