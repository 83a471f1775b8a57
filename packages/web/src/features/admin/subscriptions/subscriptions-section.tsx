import type { SubscriptionView } from '@scr/domain';
import AddIcon from '@mui/icons-material/Add';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { adminApi, adminKeys } from '../api/admin-api.ts';
import { useAdminT } from '../admin-i18n.ts';
import { ConfirmDialog } from '../../../ui/confirm-dialog.tsx';
import { formatDay } from '../common/format.ts';
import { OrganizationPicker } from '../common/organization-picker.tsx';
import { PagedTable, pageOfRows, type Column } from '../common/paged-table.tsx';
import { usePaging } from '../../../ui/paging.tsx';
import { SectionHeader } from '../common/section-header.tsx';
import { useAdminMutation } from '../common/use-admin-mutation.ts';
import { useOrganizationScope } from '../common/use-organization-scope.ts';
import { FeatureOverrides } from './feature-overrides.tsx';
import { SubscriptionDialog } from './subscription-dialog.tsx';

/** Support: an organisation's plans (access spec §3, §9) and its feature overrides. */
export function SubscriptionsSection() {
  const { t } = useAdminT();
  const scope = useOrganizationScope();
  const paging = usePaging(10);
  const [editing, setEditing] = useState<SubscriptionView | 'new' | null>(null);
  const [removing, setRemoving] = useState<SubscriptionView | null>(null);
  const organizationId = scope.organizationId;
  const subscriptions = useQuery({
    queryKey: adminKeys.of('subscriptions', organizationId),
    queryFn: () =>
      adminApi.subscriptions.find<SubscriptionView[]>({ organizationId: organizationId! }),
    enabled: organizationId !== null,
  });
  const remove = useAdminMutation({
    mutationFn: (subscription: SubscriptionView) => adminApi.subscriptions.remove(subscription.id),
    success: 'subscriptions.removed',
    invalidates: ['subscriptions', 'features'],
    onSuccess: () => setRemoving(null),
  });
  const columns: Column<SubscriptionView>[] = [
    {
      key: 'plan',
      label: t('subscriptions.plan'),
      render: (s) => `${s.subscriptionId} · ${t(`plans.${s.subscriptionId}`)}`,
    },
    { key: 'start', label: t('subscriptions.start'), render: (s) => formatDay(s.startDate) },
    {
      key: 'end',
      label: t('subscriptions.end'),
      render: (s) => (s.endDate ? formatDay(s.endDate) : t('subscriptions.openEnded')),
    },
    { key: 'remark', label: t('subscriptions.remark'), render: (s) => s.remark ?? '—' },
    {
      key: 'active',
      label: t('subscriptions.status'),
      render: (s) => (
        <Chip
          size="small"
          color={s.active ? 'success' : 'default'}
          label={s.active ? t('subscriptions.active') : t('subscriptions.inactive')}
        />
      ),
    },
    {
      key: 'actions',
      label: t('common.actions'),
      align: 'right',
      render: (s) => (
        <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end' }}>
          <Button size="small" onClick={() => setEditing(s)}>
            {t('common.edit')}
          </Button>
          <Button
            size="small"
            color="error"
            onClick={() => setRemoving(s)}
            data-testid={`subscription-remove-${s.id}`}
          >
            {t('common.remove')}
          </Button>
        </Stack>
      ),
    },
  ];
  return (
    <>
      <SectionHeader
        title={t('nav.subscriptions')}
        intro={t('subscriptions.intro')}
        actions={
          <Button
            variant="contained"
            startIcon={<AddIcon />}
            disabled={organizationId === null}
            onClick={() => setEditing('new')}
            data-testid="subscription-new"
          >
            {t('subscriptions.add')}
          </Button>
        }
      />
      <Stack sx={{ mb: 2, maxWidth: 420 }}>
        <OrganizationPicker
          testId="subscriptions-organization"
          label={t('common.organization')}
          value={scope.organization}
          onChange={scope.choose}
          required
        />
      </Stack>
      {organizationId === null ? (
        <Alert severity="info">{t('common.chooseOrganization')}</Alert>
      ) : (
        <>
          <PagedTable
            testId="subscriptions-table"
            label={t('nav.subscriptions')}
            columns={columns}
            rows={pageOfRows(subscriptions.data, paging)}
            rowKey={(s) => s.id}
            total={subscriptions.data?.length ?? 0}
            paging={paging}
            loading={subscriptions.isFetching}
            error={subscriptions.error}
          />
          <FeatureOverrides organizationId={organizationId} />
        </>
      )}
      {editing && organizationId !== null && (
        <SubscriptionDialog
          organizationId={organizationId}
          subscription={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)}
        />
      )}
      <ConfirmDialog
        testId="admin-confirm"
        danger
        cancelLabel={t('common.cancel')}
        open={removing !== null}
        title={t('subscriptions.removeTitle')}
        text={t('subscriptions.removeText', {
          plan: removing ? t(`plans.${removing.subscriptionId}`) : '',
        })}
        confirmLabel={t('common.remove')}
        busy={remove.isPending}
        onConfirm={() => removing && remove.mutate(removing)}
        onClose={() => setRemoving(null)}
      />
    </>
  );
}
