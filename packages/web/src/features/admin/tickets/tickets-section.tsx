import ImageOutlinedIcon from '@mui/icons-material/ImageOutlined';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import type { TicketStatus, TicketView } from '@scr/domain';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useDeferredValue, useState } from 'react';
import { useSearchParams } from 'react-router';
import { adminApi, adminKeys } from '../api/admin-api.ts';
import { useAdminT } from '../admin-i18n.ts';
import { formatMoment } from '../common/format.ts';
import { PagedTable, type Column } from '../common/paged-table.tsx';
import { usePaging } from '../../../ui/paging.tsx';
import { SectionHeader } from '../common/section-header.tsx';
import { TicketDialog } from './ticket-dialog.tsx';
import { TicketStatusChip } from './ticket-status-chip.tsx';

type StatusFilter = TicketStatus | 'all';

/**
 * The support tickets (access spec §2 "Support ticket"; issue 12 item 6), for support: open ones
 * first by default, newest first, searchable; one opens with its image and can be closed. The
 * e-mail to support links here with `?ticket=`.
 */
export function TicketsSection() {
  const { t } = useAdminT();
  const paging = usePaging();
  const [params, setParams] = useSearchParams();
  const [status, setStatus] = useState<StatusFilter>('open');
  const [search, setSearch] = useState('');
  const deferredSearch = useDeferredValue(search.trim());
  const opened = Number(params.get('ticket')) || null;
  const query = {
    status: status === 'all' ? undefined : status,
    search: deferredSearch || undefined,
    ...paging.query,
  };
  const tickets = useQuery({
    queryKey: adminKeys.of('tickets', query),
    queryFn: () => adminApi.tickets.find(query),
    placeholderData: keepPreviousData,
  });
  const open = (id: number | null) =>
    setParams((current) => {
      const next = new URLSearchParams(current);
      if (id) next.set('ticket', String(id));
      else next.delete('ticket');
      return next;
    });

  const columns: Column<TicketView>[] = [
    { key: 'id', label: t('tickets.number'), render: (ticket) => `#${ticket.id}` },
    {
      key: 'created',
      label: t('tickets.created'),
      render: (ticket) => formatMoment(ticket.createdAt),
    },
    {
      key: 'title',
      label: t('tickets.titleLabel'),
      render: (ticket) => (
        <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center' }}>
          <span>{ticket.title}</span>
          {ticket.image ? (
            <ImageOutlinedIcon fontSize="small" aria-label={t('tickets.hasImage')} />
          ) : null}
        </Stack>
      ),
    },
    {
      key: 'from',
      label: t('tickets.from'),
      render: (ticket) => `${ticket.email} · ${ticket.organization.name}`,
    },
    {
      key: 'status',
      label: t('tickets.statusLabel'),
      render: (ticket) => <TicketStatusChip status={ticket.status} />,
    },
    {
      key: 'actions',
      label: t('common.actions'),
      align: 'right',
      render: (ticket) => (
        <Button
          size="small"
          onClick={() => open(ticket.id)}
          data-testid={`ticket-open-${ticket.id}`}
        >
          {t('tickets.view')}
        </Button>
      ),
    },
  ];

  return (
    <>
      <SectionHeader title={t('nav.tickets')} intro={t('tickets.intro')} />
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ mb: 2 }}>
        <ToggleButtonGroup
          size="small"
          exclusive
          value={status}
          onChange={(_event, next: StatusFilter | null) => {
            if (next) setStatus(next);
            paging.setPage(0);
          }}
          aria-label={t('tickets.statusLabel')}
        >
          {(['open', 'closed', 'all'] as const).map((value) => (
            <ToggleButton key={value} value={value} data-testid={`tickets-filter-${value}`}>
              {t(value === 'all' ? 'tickets.all' : `tickets.status.${value}`)}
            </ToggleButton>
          ))}
        </ToggleButtonGroup>
        <TextField
          size="small"
          label={t('common.search')}
          value={search}
          onChange={(event) => {
            setSearch(event.target.value);
            paging.setPage(0);
          }}
          slotProps={{ htmlInput: { 'data-testid': 'tickets-search' } }}
        />
      </Stack>
      <PagedTable
        testId="tickets-table"
        label={t('nav.tickets')}
        columns={columns}
        rows={tickets.data?.data}
        rowKey={(ticket) => ticket.id}
        total={tickets.data?.total ?? 0}
        paging={paging}
        loading={tickets.isFetching}
        error={tickets.error}
      />
      {opened ? <TicketDialog id={opened} onClose={() => open(null)} /> : null}
    </>
  );
}
