import { reachesEveryOrganization } from '@scr/domain';
import type { TerminalView } from '@scr/domain';
import AddIcon from '@mui/icons-material/Add';
import CheckIcon from '@mui/icons-material/Check';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import { useQuery } from '@tanstack/react-query';
import { useDeferredValue, useState } from 'react';
import { useSession } from '../../session/session-context.tsx';
import { adminApi, adminKeys } from '../api/admin-api.ts';
import { useAdminT } from '../admin-i18n.ts';
import { PagedTable, pageOfRows, type Column } from '../common/paged-table.tsx';
import { usePaging } from '../../../ui/paging.tsx';
import { SectionHeader } from '../common/section-header.tsx';
import { TerminalDialog } from './terminal-dialog.tsx';

const yes = (value: boolean, label: string) =>
  value ? <CheckIcon fontSize="small" color="success" aria-label={label} /> : '—';

/** Terminals and their settings: support sees all; a terminal organisation's admin its own. */
export function TerminalsSection() {
  const { t } = useAdminT();
  const { user } = useSession();
  const support = reachesEveryOrganization(user, 'terminal.configure');
  const paging = usePaging();
  const [filter, setFilter] = useState('');
  const [editing, setEditing] = useState<TerminalView | 'new' | null>(null);
  const query = support ? {} : { editable: true };
  const terminals = useQuery({
    queryKey: adminKeys.of('terminals', query),
    queryFn: () => adminApi.terminals.find<TerminalView[]>(query),
  });
  const text = useDeferredValue(filter.trim().toLowerCase());
  const shown = terminals.data?.filter((terminal) =>
    `${terminal.code} ${terminal.name} ${terminal.portName} ${terminal.ownerOrganizationName ?? ''}`
      .toLowerCase()
      .includes(text),
  );
  const columns: Column<TerminalView>[] = [
    { key: 'code', label: t('terminals.code'), render: (x) => x.code },
    { key: 'name', label: t('terminals.name'), render: (x) => x.name },
    { key: 'port', label: t('terminals.port'), render: (x) => x.portName },
    {
      key: 'identification',
      label: t('terminals.identification'),
      render: (x) => t(`terminals.methods.${x.identificationMethod ?? 'none'}`),
    },
    {
      key: 'secure',
      label: t('terminals.securePickupEnabled'),
      render: (x) => yes(x.securePickupEnabled, t('common.yes')),
    },
    {
      key: 'pins',
      label: t('terminals.pinsAllowed'),
      render: (x) => yes(x.pinsAllowed, t('common.yes')),
    },
    {
      key: 'lights',
      label: t('terminals.greenLightsShown'),
      render: (x) => yes(x.greenLightsShown, t('common.yes')),
    },
    ...(support
      ? [
          {
            key: 'owner',
            label: t('terminals.owner'),
            render: (x: TerminalView) => x.ownerOrganizationName ?? '—',
          },
        ]
      : []),
    {
      key: 'actions',
      label: t('common.actions'),
      align: 'right',
      render: (x) =>
        x.canConfigure ? (
          <Button
            size="small"
            onClick={() => setEditing(x)}
            data-testid={`terminal-edit-${x.code}`}
          >
            {t('common.edit')}
          </Button>
        ) : null,
    },
  ];
  return (
    <>
      <SectionHeader
        title={t('nav.terminals')}
        intro={t(support ? 'terminals.introSupport' : 'terminals.introOwner')}
        actions={
          support ? (
            <Button
              variant="contained"
              startIcon={<AddIcon />}
              onClick={() => setEditing('new')}
              data-testid="terminal-new"
            >
              {t('terminals.new')}
            </Button>
          ) : undefined
        }
      />
      <TextField
        label={t('common.search')}
        value={filter}
        onChange={(event) => {
          setFilter(event.target.value);
          paging.setPage(0);
        }}
        sx={{ mb: 2, minWidth: 320 }}
      />
      <PagedTable
        testId="terminals-table"
        label={t('nav.terminals')}
        columns={columns}
        rows={pageOfRows(shown, paging)}
        rowKey={(x) => x.code}
        total={shown?.length ?? 0}
        paging={paging}
        loading={terminals.isFetching}
        error={terminals.error}
      />
      {editing && (
        <TerminalDialog
          terminal={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)}
        />
      )}
    </>
  );
}
