import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import {
  flavorPlans,
  orderStatuses,
  orderSubscriptionEnd,
  type OrderStatus,
  type OrderView,
} from '@scr/domain';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { ConfirmDialog } from '../../../ui/confirm-dialog.tsx';
import { adminApi, adminKeys } from '../api/admin-api.ts';
import { useAdminT } from '../admin-i18n.ts';
import { numberLocale } from '../../../ui/formats.ts';
import { formatDay, formatMoment } from '../common/format.ts';
import { PagedTable, type Column } from '../common/paged-table.tsx';
import { usePaging } from '../../../ui/paging.tsx';
import { SectionHeader } from '../common/section-header.tsx';
import { useAdminMutation } from '../common/use-admin-mutation.ts';

type Handling = { order: OrderView; status: 'converted' | 'cancelled' };

const lines = (...items: ReactNode[]) => (
  <Stack spacing={0.25}>
    {items.map((item, index) =>
      index === 0 ? (
        <span key={index}>{item}</span>
      ) : (
        <small key={index} style={{ opacity: 0.7 }}>
          {item}
        </small>
      ),
    )}
  </Stack>
);

const statusColor = { new: 'warning', converted: 'success', cancelled: 'default' } as const;

/**
 * Premium orders for support (issue 12 item 5; access spec §3 "Premium order"): newest first,
 * by status; a new order is turned into a subscription per ordered organisation (the plan of
 * its flavour, from its start date, twelve months when yearly) or cancelled.
 */
export function OrdersSection() {
  const { t, i18n } = useAdminT();
  const paging = usePaging();
  const [status, setStatus] = useState<OrderStatus | 'all'>('new');
  const [handling, setHandling] = useState<Handling | null>(null);
  const query = { status: status === 'all' ? undefined : status, ...paging.query };
  const orders = useQuery({
    queryKey: adminKeys.of('orders', query),
    queryFn: () => adminApi.orders.find(query),
    placeholderData: keepPreviousData,
  });
  const handle = useAdminMutation({
    mutationFn: ({ order, status: next }: Handling) =>
      adminApi.orders.patch(order.id, { status: next }),
    success: (order) => `orders.${order.status}`,
    invalidates: ['orders', 'subscriptions', 'features'],
    onSuccess: () => setHandling(null),
  });
  const euro = new Intl.NumberFormat(numberLocale(i18n.language), {
    style: 'currency',
    currency: 'EUR',
    maximumFractionDigits: 0,
  });
  const regions = new Intl.DisplayNames([i18n.language], { type: 'region' });
  const planOf = (order: OrderView) => t(`plans.${flavorPlans[order.flavor]}`);

  const columns: Column<OrderView>[] = [
    {
      key: 'order',
      label: t('orders.order'),
      render: (o) => lines(`#${o.id}`, formatMoment(o.createdAt)),
    },
    {
      key: 'by',
      label: t('orders.orderedBy'),
      render: (o) => lines(o.orderedBy.name, o.orderedBy.email, o.orderedBy.organizationName),
    },
    {
      key: 'organizations',
      label: t('orders.organizations'),
      render: (o) =>
        lines(
          ...o.organizations.map(
            (org) =>
              `${org.name}${org.vat ? ` (${org.vat})` : ''} · ${t(`orders.sizes.${org.size}`)}`,
          ),
        ),
    },
    {
      key: 'plan',
      label: t('orders.plan'),
      render: (o) =>
        lines(planOf(o), o.locations.map((code) => regions.of(code) ?? code).join(', ')),
    },
    {
      key: 'fee',
      label: t('orders.fee'),
      align: 'right',
      render: (o) =>
        lines(
          t('orders.perMonth', {
            fee: euro.format(o.monthlyFee),
            formula: t(`orders.formulas.${o.formula}`),
          }),
          t(`orders.frequencies.${o.invoiceFrequency}`, { amount: euro.format(o.invoiceAmount) }),
        ),
    },
    {
      key: 'invoice',
      label: t('orders.invoice'),
      render: (o) =>
        lines(o.invoiceOrganization.name, o.invoiceEmail, o.po ? t('orders.po', { po: o.po }) : ''),
    },
    { key: 'start', label: t('orders.start'), render: (o) => formatDay(o.startDate) },
    {
      key: 'status',
      label: t('orders.status'),
      render: (o) => (
        <Chip size="small" color={statusColor[o.status]} label={t(`orders.statuses.${o.status}`)} />
      ),
    },
    {
      key: 'actions',
      label: t('common.actions'),
      align: 'right',
      render: (o) =>
        o.status === 'new' ? (
          <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end' }}>
            <Button
              size="small"
              variant="outlined"
              onClick={() => setHandling({ order: o, status: 'converted' })}
              data-testid={`order-convert-${o.id}`}
            >
              {t('orders.convert')}
            </Button>
            <Button
              size="small"
              color="error"
              onClick={() => setHandling({ order: o, status: 'cancelled' })}
              data-testid={`order-cancel-${o.id}`}
            >
              {t('orders.cancel')}
            </Button>
          </Stack>
        ) : null,
    },
  ];

  const order = handling?.order;
  const end = order ? orderSubscriptionEnd(order.startDate, order.invoiceFrequency) : null;
  return (
    <>
      <SectionHeader title={t('nav.orders')} intro={t('orders.intro')} />
      <TextField
        select
        label={t('orders.status')}
        value={status}
        onChange={(event) => {
          setStatus(event.target.value as typeof status);
          paging.setPage(0);
        }}
        sx={{ mb: 2, minWidth: 220 }}
        slotProps={{ htmlInput: { 'data-testid': 'orders-status' } }}
      >
        {[...orderStatuses, 'all' as const].map((value) => (
          <MenuItem key={value} value={value}>
            {t(`orders.statuses.${value}`)}
          </MenuItem>
        ))}
      </TextField>
      <PagedTable
        testId="orders-table"
        label={t('nav.orders')}
        columns={columns}
        rows={orders.data?.data}
        rowKey={(o) => o.id}
        total={orders.data?.total ?? 0}
        paging={paging}
        loading={orders.isFetching}
        error={orders.error}
      />
      <ConfirmDialog
        testId="order-handle"
        danger={handling?.status === 'cancelled'}
        cancelLabel={t('common.close')}
        open={handling !== null}
        title={t(handling?.status === 'cancelled' ? 'orders.cancelTitle' : 'orders.convertTitle', {
          id: order?.id ?? '',
        })}
        text={
          handling?.status === 'cancelled'
            ? t('orders.cancelText')
            : t(end ? 'orders.convertTextUntil' : 'orders.convertText', {
                plan: order ? planOf(order) : '',
                organizations: order?.organizations.length ?? 0,
                start: formatDay(order?.startDate),
                end: formatDay(end),
              })
        }
        confirmLabel={t(handling?.status === 'cancelled' ? 'orders.cancel' : 'orders.convert')}
        busy={handle.isPending}
        onConfirm={() => handling && handle.mutate(handling)}
        onClose={() => setHandling(null)}
      />
    </>
  );
}
