import { mayAddWallet, type AdminUserView } from '@scr/domain';
import PersonAddIcon from '@mui/icons-material/PersonAdd';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useDeferredValue, useState } from 'react';
import { useSession } from '../../session/session-context.tsx';
import { adminApi, adminKeys } from '../api/admin-api.ts';
import { useAdminT } from '../admin-i18n.ts';
import { ConfirmDialog } from '../../../ui/confirm-dialog.tsx';
import { OrganizationPicker } from '../common/organization-picker.tsx';
import { PagedTable, type Column } from '../common/paged-table.tsx';
import { usePaging } from '../../../ui/paging.tsx';
import { SectionHeader } from '../common/section-header.tsx';
import { useAdminMutation } from '../common/use-admin-mutation.ts';
import { useOrganizationScope } from '../common/use-organization-scope.ts';
import { AddWalletDialog } from './add-wallet-dialog.tsx';
import { EditUserDialog } from './edit-user-dialog.tsx';
import { InviteUserDialog } from './invite-user-dialog.tsx';
import { OwnAddressButton } from './own-address-button.tsx';
import { UserBadges, WalletChip } from './user-badges.tsx';

type Dialogs =
  | { kind: 'invite' }
  | { kind: 'edit'; user: AdminUserView }
  | { kind: 'wallet'; user: AdminUserView }
  | { kind: 'reset'; user: AdminUserView }
  | { kind: 'active'; user: AdminUserView }
  | null;

/** The users of an organisation: invite, edit, add to the wallet, deactivate and reactivate. */
export function UsersSection() {
  const { t } = useAdminT();
  const { user: me } = useSession();
  const scope = useOrganizationScope();
  const paging = usePaging();
  const [search, setSearch] = useState('');
  const [showInactive, setShowInactive] = useState(false);
  const [dialog, setDialog] = useState<Dialogs>(null);
  const deferredSearch = useDeferredValue(search.trim());
  const query = {
    organizationId: scope.organizationId ?? undefined,
    search: deferredSearch || undefined,
    isActive: showInactive ? undefined : true,
    ...paging.query,
  };
  const users = useQuery({
    queryKey: adminKeys.of('users', query),
    queryFn: () => adminApi.users.find(query),
    placeholderData: keepPreviousData,
  });
  const setActive = useAdminMutation({
    mutationFn: (user: AdminUserView) =>
      adminApi.users.patch(user.id, { isActive: !user.isActive }),
    success: (user) => (user.isActive ? 'users.reactivated' : 'users.deactivated'),
    invalidates: ['users'],
    onSuccess: () => setDialog(null),
  });
  // Access spec §4 "Login flow": a single-use link that opens the sign-in with this user chosen.
  const sendLoginLink = useAdminMutation({
    mutationFn: (user: AdminUserView) => adminApi.loginLinks.create({ userId: user.id }),
    success: 'users.loginLinkSent',
    invalidates: [],
  });
  // Only an admin of the user's own organisation has a wallet that can wrap its key.
  const canAddWallet = (user: AdminUserView) =>
    mayAddWallet(me, user.organizationId) && user.wallet !== 'ready';
  // Access spec §2 "Forgot password?": the same admin gives a cloud-wallet user a new password.
  const canResetPassword = (user: AdminUserView) =>
    mayAddWallet(me, user.organizationId) && user.wallet === 'ready' && user.id !== me?.id;

  const columns: Column<AdminUserView>[] = [
    {
      key: 'name',
      label: t('users.name'),
      render: (user) => (
        <Stack spacing={0.5}>
          <span>{`${user.firstName} ${user.lastName}`}</span>
          <UserBadges user={user} />
        </Stack>
      ),
    },
    { key: 'email', label: t('users.email'), render: (user) => user.email },
    ...(scope.canChoose
      ? [
          {
            key: 'org',
            label: t('common.organization'),
            render: (user: AdminUserView) => user.organizationName,
          },
        ]
      : []),
    {
      key: 'wallet',
      label: t('users.wallet'),
      render: (user) => <WalletChip status={user.wallet} />,
    },
    {
      key: 'actions',
      label: t('common.actions'),
      align: 'right',
      render: (user) => (
        <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end' }}>
          <Button
            size="small"
            onClick={() => setDialog({ kind: 'edit', user })}
            data-testid={`user-edit-${user.id}`}
          >
            {t('common.edit')}
          </Button>
          {canAddWallet(user) && user.isActive && (
            <Button
              size="small"
              onClick={() => setDialog({ kind: 'wallet', user })}
              data-testid={`user-wallet-${user.id}`}
            >
              {t('users.addWallet')}
            </Button>
          )}
          {canResetPassword(user) && user.isActive && (
            <Button
              size="small"
              onClick={() => setDialog({ kind: 'reset', user })}
              data-testid={`user-reset-${user.id}`}
            >
              {t('users.resetPassword')}
            </Button>
          )}
          {user.isActive && user.wallet !== 'missing' && (
            <Button
              size="small"
              onClick={() => sendLoginLink.mutate(user)}
              disabled={sendLoginLink.isPending}
              data-testid={`user-login-link-${user.id}`}
            >
              {t('users.loginLink')}
            </Button>
          )}
          {user.id !== me?.id && (
            <Button
              size="small"
              color={user.isActive ? 'error' : 'primary'}
              onClick={() => setDialog({ kind: 'active', user })}
              data-testid={`user-active-${user.id}`}
            >
              {user.isActive ? t('users.deactivate') : t('users.reactivate')}
            </Button>
          )}
        </Stack>
      ),
    },
  ];

  const subject = dialog?.kind === 'active' ? dialog.user : null;
  return (
    <>
      <SectionHeader
        title={t('nav.users')}
        intro={t('users.intro')}
        actions={
          <>
            {!scope.canChoose && me?.isAdmin && (
              <OwnAddressButton organizationId={me.organizationId} />
            )}
            <Button
              variant="contained"
              startIcon={<PersonAddIcon />}
              onClick={() => setDialog({ kind: 'invite' })}
              data-testid="user-invite"
            >
              {t('users.invite')}
            </Button>
          </>
        }
      />
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={2}
        sx={{ mb: 2, alignItems: { sm: 'center' } }}
      >
        {scope.canChoose && (
          <div style={{ minWidth: 320 }}>
            <OrganizationPicker
              testId="users-organization"
              label={t('common.organization')}
              value={scope.organization}
              onChange={scope.choose}
            />
          </div>
        )}
        <TextField
          label={t('common.search')}
          value={search}
          onChange={(event) => {
            setSearch(event.target.value);
            paging.setPage(0);
          }}
          slotProps={{ htmlInput: { 'data-testid': 'users-search' } }}
        />
        <FormControlLabel
          control={
            <Switch
              checked={showInactive}
              onChange={(event) => setShowInactive(event.target.checked)}
            />
          }
          label={t('users.showInactive')}
        />
      </Stack>
      <PagedTable
        testId="users-table"
        label={t('nav.users')}
        columns={columns}
        rows={users.data?.data}
        rowKey={(user) => user.id}
        total={users.data?.total ?? 0}
        paging={paging}
        loading={users.isFetching}
        error={users.error}
      />
      {dialog?.kind === 'invite' && (
        <InviteUserDialog
          organization={scope.organization}
          canChooseOrganization={scope.canChoose}
          onClose={() => setDialog(null)}
        />
      )}
      {dialog?.kind === 'edit' && (
        <EditUserDialog user={dialog.user} onClose={() => setDialog(null)} />
      )}
      {dialog?.kind === 'wallet' && (
        <AddWalletDialog user={dialog.user} onClose={() => setDialog(null)} />
      )}
      {dialog?.kind === 'reset' && (
        <AddWalletDialog reset user={dialog.user} onClose={() => setDialog(null)} />
      )}
      <ConfirmDialog
        testId="admin-confirm"
        danger
        cancelLabel={t('common.cancel')}
        open={subject !== null}
        title={subject?.isActive ? t('users.deactivateTitle') : t('users.reactivateTitle')}
        text={t(subject?.isActive ? 'users.deactivateText' : 'users.reactivateText', {
          name: subject ? `${subject.firstName} ${subject.lastName}` : '',
        })}
        confirmLabel={subject?.isActive ? t('users.deactivate') : t('users.reactivate')}
        busy={setActive.isPending}
        onConfirm={() => subject && setActive.mutate(subject)}
        onClose={() => setDialog(null)}
      />
    </>
  );
}
