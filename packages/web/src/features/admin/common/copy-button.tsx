import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import Button from '@mui/material/Button';
import { useSnackbar } from '../../../ui/snackbar/snackbar-context.ts';
import { useAdminT } from '../admin-i18n.ts';

/** Copies a secret to the clipboard, and says whether it worked. */
export function CopyButton(props: { value: string; testId: string; label?: string }) {
  const { t } = useAdminT();
  const { enqueue } = useSnackbar();
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(props.value);
      enqueue(t('common.copied'), 'success');
    } catch {
      enqueue(t('common.copyFailed'), 'warning');
    }
  };
  return (
    <Button
      variant="outlined"
      startIcon={<ContentCopyIcon />}
      onClick={() => void copy()}
      data-testid={props.testId}
    >
      {props.label ?? t('common.copy')}
    </Button>
  );
}
