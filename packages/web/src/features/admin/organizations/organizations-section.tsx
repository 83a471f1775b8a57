import AddIcon from '@mui/icons-material/Add';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { usesCloudWallet, type OrganizationView } from '@scr/domain';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useDeferredValue, useState } from 'react';
import { useSearchParams } from 'react-router';
import { adminApi, adminKeys } from '../api/admin-api.ts';
import type { AdminSection } from '../admin-sections.ts';
import { useAdminT } from '../admin-i18n.ts';
import { PagedTable, type Column } from '../common/paged-table.tsx';
import { usePaging } from '../../../ui/paging.tsx';
import { SectionHeader } from '../common/section-header.tsx';
import { CreateOrganizationDialog } from './create-organization-dialog.tsx';
import { EditOrganizationDialog } from './edit-organization-dialog.tsx';

/** Support's list of every organisation: search by name or VAT, create, edit, and go to its parts. */
export function OrganizationsSection() {
  const { t } = useAdminT();
  const [, setParams] = useSearchParams();
  const paging = usePaging();
  const [search, setSearch] = useState('');
  const [creating, setCreating] = useState(false);
  const [editing, setEditing] = useState<OrganizationView | null>(null);
  const deferred = useDeferredValue(search.trim());
  const query = { search: deferred || undefined, ...paging.query };
  const organizations = useQuery({
    queryKey: adminKeys.of('organizations', query),
    queryFn: () => adminApi.organizations.find(query),
    placeholderData: keepPreviousData,
  });
  const open = (section: AdminSection, org: OrganizationView) =>
    setParams({ section, organizationId: String(org.id) });

  const columns: Column<OrganizationView>[] = [
    {
      key: 'name',
      label: t('organizations.name'),
      render: (org) => (
        <Stack spacing={0.25}>
          <span>{org.name}</span>
          <small style={{ opacity: 0.7, wordBreak: 'break-all' }}>{org.address}</small>
        </Stack>
      ),
    },
    { key: 'role', label: t('organizations.role'), render: (org) => t(`roles.${org.role}`) },
    { key: 'vat', label: t('organizations.vat'), render: (org) => org.vat ?? '—' },
    {
      key: 'city',
      label: t('organizations.city'),
      render: (org) => [org.city, org.country].filter(Boolean).join(', ') || '—',
    },
    {
      key: 'users',
      label: t('organizations.users'),
      align: 'right',
      render: (org) => org.userCount ?? '—',
    },
    {
      key: 'wallet',
      label: t('organizations.wallet'),
      render: (org) => (
        <Chip
          size="small"
          variant="outlined"
          label={
            usesCloudWallet(org.walletUrl)
              ? t('organizations.walletCloud')
              : t('organizations.walletOnPremise')
          }
        />
      ),
    },
    {
      key: 'actions',
      label: t('common.actions'),
      align: 'right',
      render: (org) => (
        <Stack direction="row" spacing={0.5} sx={{ justifyContent: 'flex-end', flexWrap: 'wrap' }}>
          <Button
            size="small"
            onClick={() => setEditing(org)}
            data-testid={`organization-edit-${org.id}`}
          >
            {t('common.edit')}
          </Button>
          <Button size="small" onClick={() => open('users', org)}>
            {t('nav.users')}
          </Button>
          <Button size="small" onClick={() => open('subscriptions', org)}>
            {t('organizations.plans')}
          </Button>
          <Button size="small" onClick={() => open('apiKeys', org)}>
            {t('nav.apiKeys')}
          </Button>
        </Stack>
      ),
    },
  ];

  return (
    <>
      <SectionHeader
        title={t('nav.organizations')}
        intro={t('organizations.intro')}
        actions={
          <Button
            variant="contained"
            startIcon={<AddIcon />}
            onClick={() => setCreating(true)}
            data-testid="organization-new"
          >
            {t('organizations.new')}
          </Button>
        }
      />
      <TextField
        label={t('organizations.search')}
        value={search}
        onChange={(event) => {
          setSearch(event.target.value);
          paging.setPage(0);
        }}
        sx={{ mb: 2, minWidth: 420 }}
        slotProps={{ htmlInput: { 'data-testid': 'organizations-search' } }}
      />
      <PagedTable
        testId="organizations-table"
        label={t('nav.organizations')}
        columns={columns}
        rows={organizations.data?.data}
        rowKey={(org) => org.id}
        total={organizations.data?.total ?? 0}
        paging={paging}
        loading={organizations.isFetching}
        error={organizations.error}
      />
      {creating && <CreateOrganizationDialog onClose={() => setCreating(false)} />}
      {editing && (
        <EditOrganizationDialog
          organization={editing}
          addressOnly={false}
          onClose={() => setEditing(null)}
        />
      )}
    </>
  );
}
