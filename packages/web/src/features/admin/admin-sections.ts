import { userMay, type AdminAction, type AdminRoles } from '@scr/domain';

/** The sections of the admin section, in the order of its navigation. */
export const adminSections = [
  'organizations',
  'users',
  'subscriptions',
  'connections',
  'terminals',
  'apiKeys',
  'machineUsers',
  'webhooks',
  'orders',
  'tickets',
] as const;
export type AdminSection = (typeof adminSections)[number];

/** The domain admin-policy action each section is for. */
const sectionActions: Record<AdminSection, AdminAction> = {
  organizations: 'organization.edit',
  users: 'user.manage',
  subscriptions: 'subscription.manage',
  connections: 'connection.list',
  terminals: 'terminal.configure',
  apiKeys: 'apiKey.manage',
  // README "The API for systems": the wallet users of the organisation's systems.
  machineUsers: 'machineWalletUser.manage',
  // An organisation's webhook endpoints and their delivery log (issue 14 item 5).
  webhooks: 'webhook.manage',
  // Support turns Premium orders into subscriptions (issue 12 item 5).
  orders: 'subscription.manage',
  // Support reads and closes the support tickets (issue 12 item 6).
  tickets: 'ticket.list',
};

/**
 * The sections a person may use: those whose action the domain admin policy (the server's rule
 * table) allows. Support sees all; an organisation admin its users, connections and API keys,
 * and the terminals when its organisation runs terminals; anyone else none.
 */
export function visibleSections(user: AdminRoles): AdminSection[] {
  return adminSections.filter((section) => userMay(user, sectionActions[section]));
}

/** The section asked for in the address if the person may use it, else their first one. */
export function currentSection(
  asked: string | null,
  visible: readonly AdminSection[],
): AdminSection | null {
  const match = visible.find((section) => section === asked);
  return match ?? visible[0] ?? null;
}
