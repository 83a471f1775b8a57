import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useTranslation } from 'react-i18next';

export interface ReportDialogProps {
  title: string;
  text: string;
  /** One line per refused container: "container: reason". */
  lines: string[];
  onClose: () => void;
}

/** The report after an action some releases refused (releases spec §7 "Handling of answers"). */
export function ReportDialog({ title, text, lines, onClose }: ReportDialogProps) {
  const { t } = useTranslation();
  return (
    <Dialog open onClose={onClose} maxWidth="sm" fullWidth data-testid="release-report">
      <DialogTitle>{title}</DialogTitle>
      <DialogContent>
        <DialogContentText sx={{ mb: 1 }}>{text}</DialogContentText>
        {lines.map((line) => (
          <Alert key={line} severity="error" sx={{ mb: 1 }}>
            {line}
          </Alert>
        ))}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} data-testid="release-report-close">
          {t('releases.close')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
