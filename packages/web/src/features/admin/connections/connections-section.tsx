import { reachesEveryOrganization } from '@scr/domain';
import type { ConnectionParty, ConnectionView } from '@scr/domain';
import AddLinkIcon from '@mui/icons-material/AddLink';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useSession } from '../../session/session-context.tsx';
import { adminApi, adminKeys } from '../api/admin-api.ts';
import { useAdminT } from '../admin-i18n.ts';
import { ConfirmDialog } from '../../../ui/confirm-dialog.tsx';
import { formatMoment } from '../common/format.ts';
import { PagedTable, type Column } from '../common/paged-table.tsx';
import { usePaging } from '../../../ui/paging.tsx';
import { SectionHeader } from '../common/section-header.tsx';
import { useAdminMutation } from '../common/use-admin-mutation.ts';
import { RequestConnectionDialog } from './request-connection-dialog.tsx';

const party = (org: ConnectionParty) => (
  <Stack spacing={0.25}>
    <span>{org.name}</span>
    <small style={{ opacity: 0.7, wordBreak: 'break-all' }}>{org.address}</small>
  </Stack>
);

/** Connections between organisations: request, finalise (the asked side), remove (either side). */
export function ConnectionsSection() {
  const { t } = useAdminT();
  const { user } = useSession();
  const paging = usePaging();
  const [status, setStatus] = useState<'all' | 'requested' | 'finalized'>('all');
  const [requesting, setRequesting] = useState(false);
  const [removing, setRemoving] = useState<ConnectionView | null>(null);
  const query = { status: status === 'all' ? undefined : status, ...paging.query };
  const connections = useQuery({
    queryKey: adminKeys.of('connections', query),
    queryFn: () => adminApi.connections.find(query),
    placeholderData: keepPreviousData,
  });
  const finalize = useAdminMutation({
    mutationFn: (connection: ConnectionView) =>
      adminApi.connections.patch(connection.id, { status: 'finalized' }),
    success: 'connections.finalized',
    invalidates: ['connections'],
  });
  const remove = useAdminMutation({
    mutationFn: (connection: ConnectionView) => adminApi.connections.remove(connection.id),
    success: 'connections.removed',
    invalidates: ['connections', 'organizations'],
    onSuccess: () => setRemoving(null),
  });
  const support = reachesEveryOrganization(user, 'connection.list');
  const other = (c: ConnectionView) =>
    c.organization.id === user?.organizationId ? c.connectedOrganization : c.organization;

  const columns: Column<ConnectionView>[] = support
    ? [
        { key: 'from', label: t('connections.from'), render: (c) => party(c.organization) },
        { key: 'to', label: t('connections.to'), render: (c) => party(c.connectedOrganization) },
      ]
    : [
        { key: 'other', label: t('common.organization'), render: (c) => party(other(c)) },
        {
          key: 'direction',
          label: t('connections.direction'),
          render: (c) =>
            c.organization.id === user?.organizationId
              ? t('connections.outgoing')
              : t('connections.incoming'),
        },
      ];
  columns.push(
    {
      key: 'status',
      label: t('connections.status'),
      render: (c) => (
        <Chip
          size="small"
          color={c.status === 'finalized' ? 'success' : 'warning'}
          label={t(`connections.statuses.${c.status}`)}
        />
      ),
    },
    {
      key: 'since',
      label: t('connections.since'),
      render: (c) => formatMoment(c.updatedAt),
    },
    {
      key: 'actions',
      label: t('common.actions'),
      align: 'right',
      render: (c) => (
        <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end' }}>
          {c.actions.includes('finalize') && (
            <Button
              size="small"
              variant="outlined"
              disabled={finalize.isPending}
              onClick={() => finalize.mutate(c)}
              data-testid={`connection-finalize-${c.id}`}
            >
              {t('connections.finalize')}
            </Button>
          )}
          {c.actions.includes('remove') && (
            <Button
              size="small"
              color="error"
              onClick={() => setRemoving(c)}
              data-testid={`connection-remove-${c.id}`}
            >
              {t('common.remove')}
            </Button>
          )}
        </Stack>
      ),
    },
  );

  return (
    <>
      <SectionHeader
        title={t('nav.connections')}
        intro={t('connections.intro')}
        actions={
          <Button
            variant="contained"
            startIcon={<AddLinkIcon />}
            onClick={() => setRequesting(true)}
            data-testid="connection-new"
          >
            {t('connections.request')}
          </Button>
        }
      />
      <TextField
        select
        label={t('connections.status')}
        value={status}
        onChange={(event) => {
          setStatus(event.target.value as typeof status);
          paging.setPage(0);
        }}
        sx={{ mb: 2, minWidth: 220 }}
      >
        <MenuItem value="all">{t('connections.statuses.all')}</MenuItem>
        <MenuItem value="requested">{t('connections.statuses.requested')}</MenuItem>
        <MenuItem value="finalized">{t('connections.statuses.finalized')}</MenuItem>
      </TextField>
      <PagedTable
        testId="connections-table"
        label={t('nav.connections')}
        columns={columns}
        rows={connections.data?.data}
        rowKey={(c) => c.id}
        total={connections.data?.total ?? 0}
        paging={paging}
        loading={connections.isFetching}
        error={connections.error}
      />
      {requesting && <RequestConnectionDialog onClose={() => setRequesting(false)} />}
      <ConfirmDialog
        testId="admin-confirm"
        danger
        cancelLabel={t('common.cancel')}
        open={removing !== null}
        title={t('connections.removeTitle')}
        text={t('connections.removeText', {
          a: removing?.organization.name ?? '',
          b: removing?.connectedOrganization.name ?? '',
        })}
        confirmLabel={t('common.remove')}
        busy={remove.isPending}
        onConfirm={() => removing && remove.mutate(removing)}
        onClose={() => setRemoving(null)}
      />
    </>
  );
}
