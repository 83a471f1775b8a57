import type { CreatedMachineWalletUser } from '@scr/domain';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { FormDialog } from '../../../ui/form-dialog.tsx';
import { walletBaseUrl } from '../../../api/wallet-client.ts';
import { useAdminT } from '../admin-i18n.ts';
import { CopyButton } from '../common/copy-button.tsx';

/** One value the system is configured with, read-only, with its copy button. */
function CopiedValue(props: { label: string; value: string; testId: string }) {
  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
      <TextField
        label={props.label}
        value={props.value}
        fullWidth
        slotProps={{
          htmlInput: {
            readOnly: true,
            'data-testid': `${props.testId}-value`,
            style: { fontFamily: 'monospace' },
          },
        }}
        onFocus={(event) => event.target.select()}
      />
      <CopyButton value={props.value} testId={`${props.testId}-copy`} />
    </Stack>
  );
}

/**
 * The new machine wallet user, this once: the wallet's address, the user id and the secret the
 * system unlocks with. Closing forgets the secret; the portal never had anything that opens it.
 */
export function MachineUserShown(props: {
  created: CreatedMachineWalletUser;
  onClose: () => void;
}) {
  const { t } = useAdminT();
  const { created } = props;
  return (
    <FormDialog
      title={t('machineUsers.shownTitle', { name: created.name })}
      testId="machine-user-shown"
      actions={
        <Button variant="contained" onClick={props.onClose} data-testid="machine-user-done">
          {t('machineUsers.done')}
        </Button>
      }
    >
      <Alert severity="warning" data-testid="machine-user-once-warning">
        {t('machineUsers.onceWarning')}
      </Alert>
      <CopiedValue
        label={t('machineUsers.walletUrl')}
        value={walletBaseUrl(null)}
        testId="machine-user-wallet-url"
      />
      <CopiedValue
        label={t('machineUsers.walletUserId')}
        value={created.walletUserId}
        testId="machine-user-id"
      />
      <CopiedValue
        label={t('machineUsers.secret')}
        value={created.secret}
        testId="machine-user-secret"
      />
      <Alert severity="info">{t('machineUsers.howToUse', { key: created.apiKeyName })}</Alert>
    </FormDialog>
  );
}
