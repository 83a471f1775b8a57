import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { ComponentType } from 'react';
import { useSearchParams } from 'react-router';
import { useSession } from '../session/session-context.tsx';
import { useAdminT, useAdminTranslations } from './admin-i18n.ts';
import { AdminNavigation } from './admin-navigation.tsx';
import { currentSection, visibleSections, type AdminSection } from './admin-sections.ts';
import { ApiKeysSection } from './api-keys/api-keys-section.tsx';
import { ConnectionsSection } from './connections/connections-section.tsx';
import { MachineUsersSection } from './machine-users/machine-users-section.tsx';
import { OrdersSection } from './orders/orders-section.tsx';
import { OrganizationsSection } from './organizations/organizations-section.tsx';
import { SubscriptionsSection } from './subscriptions/subscriptions-section.tsx';
import { TerminalsSection } from './terminals/terminals-section.tsx';
import { TicketsSection } from './tickets/tickets-section.tsx';
import { UsersSection } from './users/users-section.tsx';
import { WebhooksSection } from './webhooks/webhooks-section.tsx';

const sectionPages: Record<AdminSection, ComponentType> = {
  organizations: OrganizationsSection,
  users: UsersSection,
  subscriptions: SubscriptionsSection,
  connections: ConnectionsSection,
  terminals: TerminalsSection,
  apiKeys: ApiKeysSection,
  machineUsers: MachineUsersSection,
  webhooks: WebhooksSection,
  orders: OrdersSection,
  tickets: TicketsSection,
};

/**
 * /admin: the administration section for organisation admins and support users (access spec
 * §2 "admin link", §6), standing for the spec's separate admin app. The route loads it lazily, so
 * nobody else downloads it; its translations come with it. `?section=` picks the section.
 */
export function AdminPage() {
  useAdminTranslations();
  return <AdminLayout />;
}

function AdminLayout() {
  const { t } = useAdminT();
  const { user } = useSession();
  const [params, setParams] = useSearchParams();
  const sections = user ? visibleSections(user) : [];
  const section = currentSection(params.get('section'), sections);
  const select = (next: AdminSection) => setParams({ section: next });
  const Section = section ? sectionPages[section] : null;
  return (
    <Box data-testid="admin-page">
      <Typography component="h1" variant="h5" sx={{ fontWeight: 600, mb: 2 }}>
        {t('title')}
      </Typography>
      {section && Section ? (
        <Box sx={{ display: 'flex', flexDirection: { xs: 'column', md: 'row' }, gap: 3 }}>
          <Box sx={{ width: { md: 240 }, flexShrink: 0 }}>
            <AdminNavigation sections={sections} current={section} onSelect={select} />
          </Box>
          <Box sx={{ flex: 1, minWidth: 0 }} data-testid={`admin-section-${section}`}>
            <Section />
          </Box>
        </Box>
      ) : (
        <Typography>{t('noSections')}</Typography>
      )}
    </Box>
  );
}
