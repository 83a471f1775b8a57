import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

export interface WalletPasswordDialogProps {
  open: boolean;
  /** Why the last password did not unlock the wallet. */
  error: string | null;
  onSubmit: (password: string) => void;
  onCancel: () => void;
}

/** Asks for the wallet password again when the ID wallet locked itself during an action. */
export function WalletPasswordDialog({
  open,
  error,
  onSubmit,
  onCancel,
}: WalletPasswordDialogProps) {
  const { t } = useTranslation();
  const [password, setPassword] = useState('');
  const submit = () => {
    if (!password) return;
    onSubmit(password);
    setPassword('');
  };
  return (
    <Dialog open={open} onClose={onCancel} maxWidth="xs" fullWidth data-testid="wallet-password">
      <DialogTitle>{t('releases.custody.wallet.title')}</DialogTitle>
      <DialogContent>
        <DialogContentText sx={{ mb: 2 }}>{t('releases.custody.wallet.text')}</DialogContentText>
        {error ? (
          <Alert severity="error" sx={{ mb: 2 }} data-testid="wallet-password-error">
            {error}
          </Alert>
        ) : null}
        <TextField
          type="password"
          label={t('releases.custody.wallet.password')}
          autoComplete="current-password"
          autoFocus
          fullWidth
          value={password}
          onChange={(event) => setPassword(event.target.value)}
          onKeyDown={(event) => {
            if (event.key === 'Enter') submit();
          }}
          slotProps={{ htmlInput: { 'data-testid': 'wallet-password-input' } }}
        />
      </DialogContent>
      <DialogActions>
        <Button onClick={onCancel}>{t('releases.cancel')}</Button>
        <Button
          variant="contained"
          onClick={submit}
          disabled={!password}
          data-testid="wallet-password-unlock"
        >
          {t('releases.custody.wallet.unlock')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
