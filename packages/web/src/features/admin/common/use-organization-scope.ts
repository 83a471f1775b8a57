import { reachesEveryOrganization } from '@scr/domain';
import { useQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { useSession } from '../../session/session-context.tsx';
import { adminApi, adminKeys } from '../api/admin-api.ts';
import type { OrganizationChoice } from './organization-picker.tsx';

/**
 * The organisation a section works on: an admin's own (fixed); for support the one chosen, kept
 * in the address (`?organizationId=`) so links from the organisations list land on it.
 */
export function useOrganizationScope() {
  const { user } = useSession();
  const [params, setParams] = useSearchParams();
  const support = reachesEveryOrganization(user, 'organization.list');
  const chosenId = Number(params.get('organizationId')) || null;
  const organizationId = support ? chosenId : (user?.organizationId ?? null);
  const { data: chosen } = useQuery({
    queryKey: adminKeys.of('organizations', 'one', chosenId),
    queryFn: () => adminApi.organizations.get(chosenId!),
    enabled: support && chosenId !== null,
  });
  const organization: OrganizationChoice | null = support
    ? chosen && chosen.id === chosenId
      ? { id: chosen.id, name: chosen.name, address: chosen.address }
      : chosenId
        ? { id: chosenId, name: '…' }
        : null
    : user
      ? { id: user.organizationId, name: user.organization.name, address: user.organizationAddress }
      : null;
  const choose = (next: OrganizationChoice | null) => {
    const updated = new URLSearchParams(params);
    if (next) updated.set('organizationId', String(next.id));
    else updated.delete('organizationId');
    setParams(updated);
  };
  return { organizationId, organization, canChoose: support, choose };
}
