import { usesCloudWallet, type MachineWalletUserView } from '@scr/domain';
import AddIcon from '@mui/icons-material/Add';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { ConfirmDialog } from '../../../ui/confirm-dialog.tsx';
import { usePaging } from '../../../ui/paging.tsx';
import { useSession } from '../../session/session-context.tsx';
import { adminApi, adminKeys } from '../api/admin-api.ts';
import { useAdminT } from '../admin-i18n.ts';
import { formatMoment } from '../common/format.ts';
import { OrganizationPicker } from '../common/organization-picker.tsx';
import { PagedTable, type Column } from '../common/paged-table.tsx';
import { SectionHeader } from '../common/section-header.tsx';
import { useAdminMutation } from '../common/use-admin-mutation.ts';
import { useOrganizationScope } from '../common/use-organization-scope.ts';
import { CreateMachineUserDialog } from './create-machine-user-dialog.tsx';

/**
 * Machine wallet users (README "The API for systems"): the wallet users of an organisation's
 * systems in the cloud wallet, each with the API key it belongs to, who made it and who revoked
 * it. An admin of an organisation on the cloud wallet makes them (only its own unlocked wallet
 * can); support lists and revokes them for any organisation. An organisation on its own wallet
 * adds its systems' users there.
 */
export function MachineUsersSection() {
  const { t } = useAdminT();
  const { user } = useSession();
  const scope = useOrganizationScope();
  const paging = usePaging();
  const [creating, setCreating] = useState(false);
  const [revoking, setRevoking] = useState<MachineWalletUserView | null>(null);
  const query = { organizationId: scope.organizationId ?? undefined, ...paging.query };
  const machines = useQuery({
    queryKey: adminKeys.of('machineWalletUsers', query),
    queryFn: () => adminApi.machineWalletUsers.find(query),
    placeholderData: keepPreviousData,
  });
  const revoke = useAdminMutation({
    mutationFn: (machine: MachineWalletUserView) => adminApi.machineWalletUsers.remove(machine.id),
    success: 'machineUsers.revoked',
    invalidates: ['machineWalletUsers'],
    onSuccess: () => setRevoking(null),
  });
  const walletUrl = user?.organization.walletUrl ?? null;
  const ownCloudWallet = !scope.canChoose && usesCloudWallet(walletUrl);

  const columns: Column<MachineWalletUserView>[] = [
    { key: 'name', label: t('machineUsers.name'), render: (m) => m.name },
    ...(scope.canChoose
      ? [
          {
            key: 'org',
            label: t('common.organization'),
            render: (m: MachineWalletUserView) => m.organizationName,
          },
        ]
      : []),
    {
      key: 'walletUser',
      label: t('machineUsers.walletUserId'),
      render: (m) => <code>{m.walletUserId}</code>,
    },
    {
      key: 'apiKey',
      label: t('machineUsers.apiKey'),
      render: (m) => `${m.apiKeyName} (scr_${m.apiKeyPrefix}_…)`,
    },
    {
      key: 'created',
      label: t('machineUsers.created'),
      render: (m) =>
        m.createdByName
          ? t('machineUsers.by', { when: formatMoment(m.createdAt), name: m.createdByName })
          : formatMoment(m.createdAt),
    },
    {
      key: 'unlocked',
      label: t('machineUsers.lastUnlocked'),
      render: (m) => formatMoment(m.lastUnlockedAt),
    },
    {
      key: 'status',
      label: t('machineUsers.status'),
      render: (m) =>
        m.revokedAt ? (
          <Chip
            size="small"
            label={t(m.revokedByName ? 'machineUsers.revokedBy' : 'machineUsers.revokedAt', {
              when: formatMoment(m.revokedAt),
              name: m.revokedByName ?? '',
            })}
          />
        ) : (
          <Chip size="small" color="success" label={t('machineUsers.active')} />
        ),
    },
    {
      key: 'actions',
      label: t('common.actions'),
      align: 'right',
      render: (m) =>
        m.revokedAt ? null : (
          <Button
            size="small"
            color="error"
            onClick={() => setRevoking(m)}
            data-testid={`machine-user-revoke-${m.id}`}
          >
            {t('machineUsers.revoke')}
          </Button>
        ),
    },
  ];

  return (
    <>
      <SectionHeader
        title={t('nav.machineUsers')}
        intro={t('machineUsers.intro')}
        actions={
          ownCloudWallet ? (
            <Button
              variant="contained"
              startIcon={<AddIcon />}
              onClick={() => setCreating(true)}
              data-testid="machine-user-new"
            >
              {t('machineUsers.new')}
            </Button>
          ) : undefined
        }
      />
      {!scope.canChoose && !ownCloudWallet && (
        <Alert severity="info" sx={{ mb: 2 }} data-testid="machine-users-own-wallet">
          {t('machineUsers.ownWallet')}
        </Alert>
      )}
      {scope.canChoose && (
        <Stack sx={{ mb: 2, maxWidth: 420 }}>
          <OrganizationPicker
            testId="machine-users-organization"
            label={t('common.organization')}
            value={scope.organization}
            onChange={scope.choose}
          />
        </Stack>
      )}
      <PagedTable
        testId="machine-users-table"
        label={t('nav.machineUsers')}
        columns={columns}
        rows={machines.data?.data}
        rowKey={(m) => m.id}
        total={machines.data?.total ?? 0}
        paging={paging}
        loading={machines.isFetching}
        error={machines.error}
      />
      {creating && user && (
        <CreateMachineUserDialog
          organization={{ id: user.organizationId, name: user.organization.name, walletUrl }}
          machineUsers={machines.data?.data ?? []}
          onClose={() => setCreating(false)}
        />
      )}
      <ConfirmDialog
        testId="admin-confirm"
        danger
        cancelLabel={t('common.cancel')}
        open={revoking !== null}
        title={t('machineUsers.revokeTitle')}
        text={t('machineUsers.revokeText', { name: revoking?.name ?? '' })}
        confirmLabel={t('machineUsers.revoke')}
        busy={revoke.isPending}
        onConfirm={() => revoking && revoke.mutate(revoking)}
        onClose={() => setRevoking(null)}
      />
    </>
  );
}
