import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import CircleIcon from '@mui/icons-material/Circle';
import WarningAmberIcon from '@mui/icons-material/WarningAmber';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Tooltip from '@mui/material/Tooltip';
import type { AuditTrailEntry } from '@scr/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { none } from '../tables/cells.tsx';
import { entryTexts, type AuditTrailColumn } from './audit-trail-csv.ts';
import { descriptionLines, type DescriptionLine } from './entry-description.ts';

/** Port-status colours (releases spec §4 "Traffic light"): yellow, green, gray, otherwise other. */
const lightColors: Record<string, string> = {
  green: 'success.main',
  yellow: 'warning.main',
  gray: 'grey.500',
  grey: 'grey.500',
  red: 'error.main',
};

/**
 * The table's columns: whether it verifies first, so it is never off screen (issue 15), then
 * when and what, then who.
 */
const tableColumns = [
  'verified',
  'operationAt',
  'operation',
  'containerNumber',
  'blNumber',
  'sourceOrganization',
  'user',
  'targetOrganization',
  'source',
  'description',
] as const satisfies readonly AuditTrailColumn[];

/**
 * The table fits its dialog at desktop width, the description taking the room left and wrapping
 * (releases spec §2 "Audit trail dialog"): narrow cell padding, and every column but the
 * container and BL numbers may wrap, headings too, so the browser narrows them before the
 * description leaves the dialog. Narrower screens scroll it sideways.
 */
const fitting = { '& .MuiTableCell-sizeSmall': { px: 1 } } as const;

/** Description lines shown before "show all" (issue 15: no 400 px rows). */
const foldedLines = 3;

/** The audit trail as a table (releases spec §2 "Audit trail dialog", §3 "Audit trail entry"). */
export function AuditTrailTable({ entries }: { entries: readonly AuditTrailEntry[] }) {
  const { t } = useTranslation();
  return (
    <TableContainer sx={{ maxHeight: { xs: 'none', sm: '65vh' } }}>
      <Table size="small" stickyHeader data-testid="audit-trail-table" sx={fitting}>
        <TableHead>
          <TableRow>
            {tableColumns.map((column) => (
              <TableCell key={column} sx={{ verticalAlign: 'bottom' }}>
                {t(`releases.auditTrail.column.${column}`)}
              </TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {entries.map((entry) => {
            const texts = entryTexts(entry, t);
            return (
              <TableRow
                key={entry.id}
                data-testid="audit-trail-row"
                hover
                sx={{ verticalAlign: 'top' }}
              >
                <TableCell align="center">
                  <VerifiedMark entry={entry} />
                </TableCell>
                <TableCell>{texts.operationAt}</TableCell>
                <TableCell>{texts.operation}</TableCell>
                <TableCell sx={{ whiteSpace: 'nowrap' }}>{texts.containerNumber}</TableCell>
                <TableCell sx={{ whiteSpace: 'nowrap' }}>{texts.blNumber}</TableCell>
                <TableCell>{texts.sourceOrganization || none}</TableCell>
                <TableCell>{texts.user || none}</TableCell>
                <TableCell>{texts.targetOrganization || none}</TableCell>
                <TableCell>{texts.source}</TableCell>
                <TableCell sx={{ minWidth: 220, overflowWrap: 'anywhere' }}>
                  <Description lines={descriptionLines(entry.description, t, entry.addressNames)} />
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
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  if (lines.length === 0) return <>{none}</>;
  const shown = open ? lines : lines.slice(0, foldedLines);
  return (
    <>
      <Box
        component="ul"
        sx={{ m: 0, p: 0, listStyle: 'none' }}
        data-testid="audit-trail-description"
      >
        {shown.map((line, index) => (
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
                {line.address ? (
                  <Tooltip title={line.address}>
                    <span data-testid="audit-trail-named-address">{line.value}</span>
                  </Tooltip>
                ) : (
                  line.value
                )}
              </>
            ) : (
              line.text
            )}
          </Box>
        ))}
      </Box>
      {lines.length > foldedLines ? (
        <Link
          component="button"
          type="button"
          variant="body2"
          onClick={() => setOpen(!open)}
          aria-expanded={open}
          data-testid="audit-trail-more"
        >
          {open
            ? t('releases.auditTrail.showLess')
            : t('releases.auditTrail.showAll', { count: lines.length })}
        </Link>
      ) : null}
    </>
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
