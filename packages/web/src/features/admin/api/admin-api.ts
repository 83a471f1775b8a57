import type {
  AdminUserView,
  ApiKeyView,
  ConnectionView,
  CreatedApiKey,
  CreatedMachineWalletUser,
  MachineWalletUserView,
  OrganizationFeaturesView,
  OrderView,
  OrganizationView,
  Page,
  PortView,
  SubscriptionView,
  TerminalView,
  LoginLinkSent,
  TicketImage,
  TicketView,
  WebhookDeliveryView,
  WebhookEndpointView,
  WebhookEndpointWithSecret,
} from '@scr/domain';
import { api } from '../../../api/client.ts';

type Query = Record<string, string | number | boolean | undefined>;
type Body = Record<string, unknown>;

/** Leaves out what is not set, so the query string carries only real filters. */
function clean(query: Query): Query {
  return Object.fromEntries(Object.entries(query).filter(([, value]) => value !== undefined));
}

/** One admin service through the Feathers REST client (`/api/{path}`, the session's token). */
function service<T, Created = T>(path: string) {
  const remote = () => api.service(path);
  return {
    find: <R = Page<T>>(query: Query = {}) => remote().find({ query: clean(query) }) as Promise<R>,
    get: (id: number | string) => remote().get(id) as Promise<T>,
    create: (data: Body) => remote().create(data) as Promise<Created>,
    patch: (id: number | string, data: Body) => remote().patch(id, data) as Promise<T>,
    remove: (id: number | string) => remote().remove(id) as Promise<T>,
  };
}

/** The services of the admin section (server `services/`), typed for the pages. */
export const adminApi = {
  organizations: service<OrganizationView>('organizations'),
  users: service<AdminUserView>('users'),
  subscriptions: service<SubscriptionView>('subscriptions'),
  features: service<OrganizationFeaturesView>('organization-features'),
  connections: service<ConnectionView>('connections'),
  terminals: service<TerminalView>('terminals'),
  ports: service<PortView>('ports'),
  apiKeys: service<ApiKeyView, CreatedApiKey>('api-keys'),
  apiKeyScopes: service<string>('api-key-scopes'),
  // README "The API for systems": a system's own wallet user in the cloud wallet.
  machineWalletUsers: service<MachineWalletUserView, CreatedMachineWalletUser>(
    'machine-wallet-users',
  ),
  // Support tickets (issue 12 item 6) and the sign-in links an admin mails a user (access §4).
  tickets: service<TicketView>('tickets'),
  ticketImages: service<TicketImage>('ticket-images'),
  loginLinks: service<LoginLinkSent>('login-links'),
  orders: service<OrderView>('orders'),
  // Webhooks (issue 14 item 5): endpoints, their delivery log, redelivery.
  webhookEndpoints: service<WebhookEndpointView, WebhookEndpointWithSecret>('webhook-endpoints'),
  webhookDeliveries: service<WebhookDeliveryView>('webhook-deliveries'),
  webhookRedeliveries: service<WebhookDeliveryView>('webhook-redeliveries'),
};

/** Query keys: every admin query starts with `admin` and its service. */
export const adminKeys = {
  all: ['admin'] as const,
  of: (resource: keyof typeof adminApi, ...rest: unknown[]) =>
    ['admin', resource, ...rest] as const,
};
