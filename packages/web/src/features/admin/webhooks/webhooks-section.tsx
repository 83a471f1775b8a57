import {
  webhookSecretOverlapHours,
  type WebhookEndpointView,
  type WebhookEndpointWithSecret,
} from '@scr/domain';
import AddIcon from '@mui/icons-material/Add';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { ConfirmDialog } from '../../../ui/confirm-dialog.tsx';
import { adminApi, adminKeys } from '../api/admin-api.ts';
import { useAdminT } from '../admin-i18n.ts';
import { formatMoment } from '../common/format.ts';
import { OrganizationPicker } from '../common/organization-picker.tsx';
import { PagedTable, type Column } from '../common/paged-table.tsx';
import { usePaging } from '../../../ui/paging.tsx';
import { SectionHeader } from '../common/section-header.tsx';
import { useAdminMutation } from '../common/use-admin-mutation.ts';
import { useOrganizationScope } from '../common/use-organization-scope.ts';
import { WebhookDeliveries } from './webhook-deliveries.tsx';
import { WebhookEndpointDialog } from './webhook-endpoint-dialog.tsx';
import { WebhookEndpointStateCell, WebhookHeldRule } from './webhook-endpoint-state.tsx';
import { WebhookSecretDialog } from './webhook-secret-dialog.tsx';

type Confirming = { kind: 'remove' | 'rotate'; endpoint: WebhookEndpointView };

/**
 * Webhooks (issue 14 item 5): an organisation's HTTPS endpoints for release events, each
 * switched on or off, its secret rotated, and its delivery log with redelivery below. Issue 42
 * item 6: each endpoint's state (paused after failing, since when, the last error, what waits)
 * with a way to resume, and the rule of what happens to events meanwhile.
 */
export function WebhooksSection() {
  const { t } = useAdminT();
  const scope = useOrganizationScope();
  const paging = usePaging();
  const [editing, setEditing] = useState<WebhookEndpointView | 'new' | null>(null);
  const [secret, setSecret] = useState<WebhookEndpointWithSecret | null>(null);
  const [confirming, setConfirming] = useState<Confirming | null>(null);
  const [selected, setSelected] = useState<WebhookEndpointView | null>(null);
  const query = { organizationId: scope.organizationId ?? undefined, ...paging.query };
  const endpoints = useQuery({
    queryKey: adminKeys.of('webhookEndpoints', query),
    queryFn: () => adminApi.webhookEndpoints.find(query),
    placeholderData: keepPreviousData,
  });
  const toggle = useAdminMutation({
    mutationFn: (endpoint: WebhookEndpointView) =>
      adminApi.webhookEndpoints.patch(endpoint.id, { active: !endpoint.active }),
    success: 'webhooks.saved',
    invalidates: ['webhookEndpoints'],
  });
  const resume = useAdminMutation({
    mutationFn: (endpoint: WebhookEndpointView) =>
      adminApi.webhookEndpoints.patch(endpoint.id, { resume: true }),
    success: 'webhooks.resumed',
    invalidates: ['webhookEndpoints', 'webhookDeliveries'],
  });
  const confirm = useAdminMutation({
    mutationFn: ({ kind, endpoint }: Confirming) =>
      kind === 'remove'
        ? adminApi.webhookEndpoints.remove(endpoint.id)
        : adminApi.webhookEndpoints.patch(endpoint.id, { rotateSecret: true }),
    success: (result) => ('secret' in result ? 'webhooks.rotated' : 'webhooks.removed'),
    invalidates: ['webhookEndpoints', 'webhookDeliveries'],
    onSuccess: (result, { kind, endpoint }) => {
      setConfirming(null);
      if (kind === 'rotate') setSecret(result as WebhookEndpointWithSecret);
      if (kind === 'remove' && selected?.id === endpoint.id) setSelected(null);
    },
  });

  const columns: Column<WebhookEndpointView>[] = [
    {
      key: 'url',
      label: t('webhooks.url'),
      render: (e) => (
        <>
          <code>{e.url}</code>
          {e.description ? <div>{e.description}</div> : null}
        </>
      ),
    },
    {
      key: 'types',
      label: t('webhooks.eventTypes'),
      render: (e) => (
        <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 0.5 }}>
          {e.eventTypes.map((type) => (
            <Chip key={type} size="small" label={t(`webhooks.type.${type}`)} />
          ))}
        </Stack>
      ),
    },
    {
      key: 'secret',
      label: t('webhooks.secret'),
      render: (e) => (
        <>
          <code>{`whsec_…${e.secretHint}`}</code>
          {e.previousSecretValidUntil && (
            <Typography variant="caption" component="div" color="text.secondary">
              {t('webhooks.previousSecret', { until: formatMoment(e.previousSecretValidUntil) })}
            </Typography>
          )}
        </>
      ),
    },
    { key: 'created', label: t('webhooks.registeredAt'), render: (e) => formatMoment(e.createdAt) },
    {
      key: 'state',
      label: t('webhooks.status'),
      render: (e) => (
        <WebhookEndpointStateCell endpoint={e} onResume={resume.mutate} busy={resume.isPending} />
      ),
    },
    {
      key: 'active',
      label: t('webhooks.active'),
      render: (e) => (
        <Switch
          checked={e.active}
          disabled={toggle.isPending}
          onChange={() => toggle.mutate(e)}
          slotProps={{ input: { 'aria-label': t('webhooks.active') } }}
          data-testid={`webhook-active-${e.id}`}
        />
      ),
    },
    {
      key: 'actions',
      label: t('common.actions'),
      align: 'right',
      render: (e) => (
        <Stack direction="row" sx={{ justifyContent: 'flex-end', gap: 0.5, flexWrap: 'wrap' }}>
          <Button size="small" onClick={() => setSelected(e)} data-testid={`webhook-log-${e.id}`}>
            {t('webhooks.deliveries')}
          </Button>
          <Button size="small" onClick={() => setEditing(e)} data-testid={`webhook-edit-${e.id}`}>
            {t('webhooks.edit')}
          </Button>
          <Button
            size="small"
            onClick={() => setConfirming({ kind: 'rotate', endpoint: e })}
            data-testid={`webhook-rotate-${e.id}`}
          >
            {t('webhooks.rotate')}
          </Button>
          <Button
            size="small"
            color="error"
            onClick={() => setConfirming({ kind: 'remove', endpoint: e })}
            data-testid={`webhook-remove-${e.id}`}
          >
            {t('webhooks.remove')}
          </Button>
        </Stack>
      ),
    },
  ];

  return (
    <>
      <SectionHeader
        title={t('nav.webhooks')}
        intro={t('webhooks.intro')}
        actions={
          <Button
            variant="contained"
            startIcon={<AddIcon />}
            disabled={!scope.organizationId}
            onClick={() => setEditing('new')}
            data-testid="webhook-new"
          >
            {t('webhooks.new')}
          </Button>
        }
      />
      <WebhookHeldRule />
      {scope.canChoose && (
        <Stack sx={{ mb: 2, maxWidth: 420 }}>
          <OrganizationPicker
            testId="webhooks-organization"
            label={t('common.organization')}
            value={scope.organization}
            onChange={scope.choose}
          />
        </Stack>
      )}
      <PagedTable
        testId="webhooks-table"
        label={t('nav.webhooks')}
        columns={columns}
        rows={endpoints.data?.data}
        rowKey={(e) => e.id}
        total={endpoints.data?.total ?? 0}
        paging={paging}
        loading={endpoints.isFetching}
        error={endpoints.error}
      />
      {selected ? (
        <WebhookDeliveries
          key={selected.id}
          endpoint={endpoints.data?.data.find((e) => e.id === selected.id) ?? selected}
          onResume={resume.mutate}
          resuming={resume.isPending}
        />
      ) : null}
      {editing && scope.organization && (
        <WebhookEndpointDialog
          organization={scope.organization}
          endpoint={editing === 'new' ? undefined : editing}
          onCreated={(created) => {
            setEditing(null);
            setSecret(created);
          }}
          onClose={() => setEditing(null)}
        />
      )}
      {secret && <WebhookSecretDialog endpoint={secret} onClose={() => setSecret(null)} />}
      <ConfirmDialog
        testId="admin-confirm"
        danger={confirming?.kind === 'remove'}
        cancelLabel={t('common.cancel')}
        open={confirming !== null}
        title={t(confirming?.kind === 'rotate' ? 'webhooks.rotateTitle' : 'webhooks.removeTitle')}
        text={t(confirming?.kind === 'rotate' ? 'webhooks.rotateText' : 'webhooks.removeText', {
          url: confirming?.endpoint.url ?? '',
          hours: webhookSecretOverlapHours,
        })}
        confirmLabel={t(confirming?.kind === 'rotate' ? 'webhooks.rotate' : 'webhooks.remove')}
        busy={confirm.isPending}
        onConfirm={() => confirming && confirm.mutate(confirming)}
        onClose={() => setConfirming(null)}
      />
    </>
  );
}
