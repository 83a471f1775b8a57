import type { ApiKeyView } from '@scr/domain';
import AddIcon from '@mui/icons-material/Add';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { adminApi, adminKeys } from '../api/admin-api.ts';
import { useAdminT } from '../admin-i18n.ts';
import { ConfirmDialog } from '../../../ui/confirm-dialog.tsx';
import { formatMoment } from '../common/format.ts';
import { OrganizationPicker } from '../common/organization-picker.tsx';
import { PagedTable, type Column } from '../common/paged-table.tsx';
import { usePaging } from '../../../ui/paging.tsx';
import { SectionHeader } from '../common/section-header.tsx';
import { useAdminMutation } from '../common/use-admin-mutation.ts';
import { useOrganizationScope } from '../common/use-organization-scope.ts';
import { CreateApiKeyDialog } from './create-api-key-dialog.tsx';
import { ScopeChips } from './scope-chips.tsx';

/** API keys for machines (DESIGN §3): shown once at creation, listed by prefix, revocable. */
export function ApiKeysSection() {
  const { t } = useAdminT();
  const scope = useOrganizationScope();
  const paging = usePaging();
  const [creating, setCreating] = useState(false);
  const [revoking, setRevoking] = useState<ApiKeyView | null>(null);
  const query = { organizationId: scope.organizationId ?? undefined, ...paging.query };
  const keys = useQuery({
    queryKey: adminKeys.of('apiKeys', query),
    queryFn: () => adminApi.apiKeys.find(query),
    placeholderData: keepPreviousData,
  });
  const revoke = useAdminMutation({
    mutationFn: (key: ApiKeyView) => adminApi.apiKeys.remove(key.id),
    success: 'apiKeys.revoked',
    invalidates: ['apiKeys'],
    onSuccess: () => setRevoking(null),
  });

  const columns: Column<ApiKeyView>[] = [
    { key: 'name', label: t('apiKeys.name'), render: (key) => key.name },
    ...(scope.canChoose
      ? [
          {
            key: 'org',
            label: t('common.organization'),
            render: (key: ApiKeyView) => key.organizationName,
          },
        ]
      : []),
    {
      key: 'prefix',
      label: t('apiKeys.prefix'),
      render: (key) => <code>{`scr_${key.prefix}_…`}</code>,
    },
    {
      key: 'scopes',
      label: t('apiKeys.scopes'),
      render: (key) => <ScopeChips scopes={key.scopes} />,
    },
    {
      key: 'created',
      label: t('apiKeys.created'),
      render: (key) => formatMoment(key.createdAt),
    },
    {
      key: 'used',
      label: t('apiKeys.lastUsed'),
      render: (key) => formatMoment(key.lastUsedAt),
    },
    {
      key: 'status',
      label: t('apiKeys.status'),
      render: (key) =>
        key.revokedAt ? (
          <Chip
            size="small"
            label={t('apiKeys.revokedAt', { when: formatMoment(key.revokedAt) })}
          />
        ) : (
          <Chip size="small" color="success" label={t('apiKeys.active')} />
        ),
    },
    {
      key: 'actions',
      label: t('common.actions'),
      align: 'right',
      render: (key) =>
        key.revokedAt ? null : (
          <Button
            size="small"
            color="error"
            onClick={() => setRevoking(key)}
            data-testid={`api-key-revoke-${key.id}`}
          >
            {t('apiKeys.revoke')}
          </Button>
        ),
    },
  ];

  return (
    <>
      <SectionHeader
        title={t('nav.apiKeys')}
        intro={t('apiKeys.intro')}
        actions={
          <Button
            variant="contained"
            startIcon={<AddIcon />}
            disabled={!scope.organizationId}
            onClick={() => setCreating(true)}
            data-testid="api-key-new"
          >
            {t('apiKeys.new')}
          </Button>
        }
      />
      {scope.canChoose && (
        <Stack sx={{ mb: 2, maxWidth: 420 }}>
          <OrganizationPicker
            testId="api-keys-organization"
            label={t('common.organization')}
            value={scope.organization}
            onChange={scope.choose}
          />
        </Stack>
      )}
      <PagedTable
        testId="api-keys-table"
        label={t('nav.apiKeys')}
        columns={columns}
        rows={keys.data?.data}
        rowKey={(key) => key.id}
        total={keys.data?.total ?? 0}
        paging={paging}
        loading={keys.isFetching}
        error={keys.error}
      />
      {creating && scope.organization && (
        <CreateApiKeyDialog organization={scope.organization} onClose={() => setCreating(false)} />
      )}
      <ConfirmDialog
        testId="admin-confirm"
        danger
        cancelLabel={t('common.cancel')}
        open={revoking !== null}
        title={t('apiKeys.revokeTitle')}
        text={t('apiKeys.revokeText', { name: revoking?.name ?? '' })}
        confirmLabel={t('apiKeys.revoke')}
        busy={revoke.isPending}
        onConfirm={() => revoking && revoke.mutate(revoking)}
        onClose={() => setRevoking(null)}
      />
    </>
  );
}
