import {
  webhookRetentionDays,
  type WebhookDeliveryStatus,
  type WebhookDeliveryView,
  type WebhookEndpointView,
} from '@scr/domain';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { adminApi, adminKeys } from '../api/admin-api.ts';
import { useAdminT } from '../admin-i18n.ts';
import { formatMoment } from '../common/format.ts';
import { PagedTable, type Column } from '../common/paged-table.tsx';
import { usePaging } from '../../../ui/paging.tsx';
import { useAdminMutation } from '../common/use-admin-mutation.ts';

const statusColor: Record<WebhookDeliveryStatus, 'default' | 'success' | 'error' | 'warning'> = {
  pending: 'default',
  delivered: 'success',
  failed: 'error',
  expired: 'warning',
};

/**
 * One endpoint's delivery log, newest first, with a redelivery per row; while the endpoint is
 * paused or switched off, what it says of that (issue 42 item 6) and, paused, a way to resume.
 */
export function WebhookDeliveries({
  endpoint,
  onResume,
  resuming,
}: {
  endpoint: WebhookEndpointView;
  onResume: (endpoint: WebhookEndpointView) => void;
  resuming: boolean;
}) {
  const { t } = useAdminT();
  const held = endpoint.state !== 'active';
  const paging = usePaging();
  const query = { endpointId: endpoint.id, ...paging.query };
  const deliveries = useQuery({
    queryKey: adminKeys.of('webhookDeliveries', query),
    queryFn: () => adminApi.webhookDeliveries.find(query),
    placeholderData: keepPreviousData,
    // A pending delivery changes while the log is open.
    refetchInterval: 10_000,
  });
  const redeliver = useAdminMutation({
    mutationFn: (delivery: WebhookDeliveryView) =>
      adminApi.webhookRedeliveries.create({ deliveryId: delivery.id }),
    success: 'webhooks.redelivered',
    invalidates: ['webhookDeliveries'],
  });
  const columns: Column<WebhookDeliveryView>[] = [
    { key: 'at', label: t('webhooks.at'), render: (d) => formatMoment(d.createdAt) },
    {
      key: 'event',
      label: t('webhooks.event'),
      render: (d) => `${t(`webhooks.type.${d.eventType}`)} (${d.operation})`,
    },
    {
      key: 'container',
      label: t('webhooks.container'),
      render: (d) => `${d.containerNumber} · ${d.blNumber}`,
    },
    {
      key: 'status',
      label: t('webhooks.status'),
      render: (d) => (
        <Chip
          size="small"
          color={statusColor[d.status]}
          label={t(
            held && d.status === 'pending'
              ? 'webhooks.deliveryStatus.waiting'
              : `webhooks.deliveryStatus.${d.status}`,
            { days: webhookRetentionDays },
          )}
        />
      ),
    },
    {
      key: 'attempts',
      label: t('webhooks.attempts'),
      render: (d) =>
        [String(d.attempts), d.lastStatusCode ? `HTTP ${d.lastStatusCode}` : null, d.lastError]
          .filter(Boolean)
          .join(' · '),
    },
    {
      key: 'actions',
      label: t('common.actions'),
      align: 'right',
      render: (d) => (
        <Button
          size="small"
          disabled={redeliver.isPending}
          onClick={() => redeliver.mutate(d)}
          data-testid={`webhook-redeliver-${d.id}`}
        >
          {t('webhooks.redeliver')}
        </Button>
      ),
    },
  ];
  return (
    <>
      <Typography variant="h6" component="h3" sx={{ mt: 3, mb: 1 }}>
        {t('webhooks.deliveriesOf', { url: endpoint.url })}
      </Typography>
      {held ? (
        <Alert
          severity="warning"
          sx={{ mb: 1 }}
          data-testid="webhook-log-held"
          action={
            endpoint.state === 'paused' ? (
              <Button
                color="inherit"
                size="small"
                disabled={resuming}
                onClick={() => onResume(endpoint)}
                data-testid="webhook-log-resume"
              >
                {t('webhooks.resume')}
              </Button>
            ) : undefined
          }
        >
          {endpoint.state === 'paused'
            ? t('webhooks.pausedLog', {
                since: endpoint.pausedAt ? formatMoment(endpoint.pausedAt) : '',
                error: endpoint.lastError ?? '',
              })
            : t('webhooks.inactiveLog')}
        </Alert>
      ) : null}
      <PagedTable
        testId="webhook-deliveries"
        label={t('webhooks.deliveries')}
        columns={columns}
        rows={deliveries.data?.data}
        rowKey={(d) => d.id}
        total={deliveries.data?.total ?? 0}
        paging={paging}
        loading={deliveries.isFetching}
        error={deliveries.error}
      />
    </>
  );
}
