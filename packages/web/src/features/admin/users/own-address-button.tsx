import HomeWorkIcon from '@mui/icons-material/HomeWork';
import Button from '@mui/material/Button';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { adminApi, adminKeys } from '../api/admin-api.ts';
import { useAdminT } from '../admin-i18n.ts';
import { EditOrganizationDialog } from '../organizations/edit-organization-dialog.tsx';

/** An organisation admin keeps its own organisation's postal address up to date. */
export function OwnAddressButton({ organizationId }: { organizationId: number }) {
  const { t } = useAdminT();
  const [open, setOpen] = useState(false);
  const organization = useQuery({
    queryKey: adminKeys.of('organizations', 'one', organizationId),
    queryFn: () => adminApi.organizations.get(organizationId),
    enabled: open,
  });
  return (
    <>
      <Button startIcon={<HomeWorkIcon />} onClick={() => setOpen(true)} data-testid="own-address">
        {t('organizations.ownAddress')}
      </Button>
      {open && organization.data && (
        <EditOrganizationDialog
          organization={organization.data}
          addressOnly
          onClose={() => setOpen(false)}
        />
      )}
    </>
  );
}
