import type { AdminUserView } from '@scr/domain';
import Alert from '@mui/material/Alert';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useAdminT } from '../admin-i18n.ts';
import { CopyButton } from '../common/copy-button.tsx';

/** After an invitation: what to pass on, or what is still to be done for the wallet. */
export function InvitedSummary(props: {
  user: AdminUserView;
  initialPassword: string | null;
  walletProblem: string | null;
}) {
  const { t } = useAdminT();
  const name = `${props.user.firstName} ${props.user.lastName}`;
  return (
    <Stack spacing={2} data-testid="invited-summary">
      <Typography>{t('users.invitedText', { name, email: props.user.email })}</Typography>
      {props.initialPassword ? (
        <>
          <Alert severity="warning">{t('users.passOn', { name })}</Alert>
          <Typography
            component="code"
            data-testid="invited-password"
            sx={{ fontFamily: 'monospace', fontSize: 18 }}
          >
            {props.initialPassword}
          </Typography>
          <div>
            <CopyButton value={props.initialPassword} testId="invited-copy" />
          </div>
        </>
      ) : (
        <Alert severity="info" data-testid="invited-wallet-pending">
          {props.walletProblem
            ? t('users.walletFailed', { problem: props.walletProblem })
            : t('users.walletPending', { organization: props.user.organizationName })}
        </Alert>
      )}
    </Stack>
  );
}
