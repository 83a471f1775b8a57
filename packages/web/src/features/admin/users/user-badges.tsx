import type { AdminUserView, WalletStatus } from '@scr/domain';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import { useAdminT } from '../admin-i18n.ts';

/** Admin, support, two-factor and inactive, at a glance. */
export function UserBadges({ user }: { user: AdminUserView }) {
  const { t } = useAdminT();
  return (
    <Stack direction="row" spacing={0.5} useFlexGap sx={{ flexWrap: 'wrap' }}>
      {user.isAdmin && <Chip size="small" color="primary" label={t('users.admin')} />}
      {user.isSupport && <Chip size="small" color="secondary" label={t('users.support')} />}
      {user.twoFactorAuth === 'email' && (
        <Chip size="small" variant="outlined" label={t('users.twoFactorShort')} />
      )}
      {!user.isActive && <Chip size="small" label={t('users.inactive')} />}
    </Stack>
  );
}

/** Whether the user can open the organisation's wallet yet. */
export function WalletChip({ status }: { status: WalletStatus }) {
  const { t } = useAdminT();
  const color = status === 'ready' ? 'success' : status === 'missing' ? 'warning' : 'default';
  return (
    <Chip size="small" color={color} variant="outlined" label={t(`users.walletStatus.${status}`)} />
  );
}
