import PrintIcon from '@mui/icons-material/Print';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import GlobalStyles from '@mui/material/GlobalStyles';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import {
  downloadColumns,
  downloadHeader,
  downloadLines,
  downloadTitle,
  wordsFor,
  type Language,
} from '@scr/domain';
import { useTranslation } from 'react-i18next';
import type { PrintableRows } from './use-download.ts';

/** On paper only the print view: the app behind the dialog and the view's own buttons go. */
const printStyles = {
  '@media print': {
    '#root': { display: 'none !important' },
    '.print-view-actions': { display: 'none !important' },
    '.print-view .MuiDialog-paper': { boxShadow: 'none', overflow: 'visible' },
    '.print-view, .print-view .MuiDialog-container': {
      position: 'static !important',
      height: 'auto !important',
    },
  },
} as const;

/**
 * Releases spec §2 "print": the download's rows as a page to print, in the same layout and words
 * as the files (domain `downloadLines`), with the organisation and the date on top.
 */
export function PrintView({
  rows,
  language,
  onClose,
}: {
  rows: PrintableRows;
  language: Language;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const words = wordsFor(language);
  const columns = downloadColumns(rows.layout, rows.pincodes !== null);
  const title = downloadTitle(words, rows.head.organization, new Date(rows.head.at));
  const cell = { border: '1px solid #ccc', px: 0.5, py: 0.25, textAlign: 'left' } as const;
  return (
    <Dialog open fullScreen onClose={onClose} className="print-view" data-testid="print-view">
      <GlobalStyles styles={printStyles} />
      <Box sx={{ p: 3, fontSize: 12 }}>
        <Stack
          direction="row"
          spacing={1}
          className="print-view-actions"
          sx={{ mb: 2, justifyContent: 'flex-end' }}
        >
          <Button variant="contained" startIcon={<PrintIcon />} onClick={() => window.print()}>
            {t('releases.downloads.print')}
          </Button>
          <Button onClick={onClose} data-testid="print-view-close">
            {t('releases.close')}
          </Button>
        </Stack>
        <Typography variant="h5" component="h1">
          {title.title}
        </Typography>
        <Typography variant="body2">
          {title.organization} · {title.date}
        </Typography>
        <Box
          component="table"
          sx={{ mt: 2, borderCollapse: 'collapse', width: '100%', '& th, & td': cell }}
        >
          <thead>
            <tr>
              {downloadHeader(columns, words).map((header) => (
                <th key={header}>{header}</th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.groups.flatMap((group, g) =>
              downloadLines(group, rows.layout, words, rows.pincodes).map((line, i) =>
                line.kind === 'heading' ? (
                  <tr key={`${g}-h`}>
                    <Box component="th" colSpan={columns.length} sx={{ background: '#f2f2f2' }}>
                      {line.text}
                    </Box>
                  </tr>
                ) : (
                  <tr key={`${g}-${i}`}>
                    {line.cells.map((text, j) => (
                      <td key={columns[j]}>{text}</td>
                    ))}
                  </tr>
                ),
              ),
            )}
          </tbody>
        </Box>
      </Box>
    </Dialog>
  );
}
