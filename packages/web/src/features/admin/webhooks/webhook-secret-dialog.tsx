import type { WebhookEndpointWithSecret } from '@scr/domain';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import { FormDialog } from '../../../ui/form-dialog.tsx';
import { useAdminT } from '../admin-i18n.ts';
import { CopyButton } from '../common/copy-button.tsx';

/** The signing secret, shown this once (after creation or rotation) with how to check it. */
export function WebhookSecretDialog(props: {
  endpoint: WebhookEndpointWithSecret;
  onClose: () => void;
}) {
  const { t } = useAdminT();
  return (
    <FormDialog
      title={t('webhooks.secretTitle', { url: props.endpoint.url })}
      testId="webhook-secret"
      actions={
        <Button variant="contained" onClick={props.onClose} data-testid="webhook-secret-done">
          {t('webhooks.secretDone')}
        </Button>
      }
    >
      <Alert severity="warning">{t('webhooks.secretOnce')}</Alert>
      <TextField
        label={t('webhooks.secret')}
        value={props.endpoint.secret}
        fullWidth
        slotProps={{
          htmlInput: {
            readOnly: true,
            'data-testid': 'webhook-secret-value',
            style: { fontFamily: 'monospace' },
          },
        }}
        onFocus={(event) => event.target.select()}
      />
      <div>
        <CopyButton value={props.endpoint.secret} testId="webhook-secret-copy" />
      </div>
      <Alert severity="info">{t('webhooks.howToVerify')}</Alert>
    </FormDialog>
  );
}
