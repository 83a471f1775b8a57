import { randomBytes } from 'node:crypto';
import type { OrderCreate } from '@scr/domain';
import type { TestServer } from '../../test/start-app.ts';

/** Active users of an organisation beyond its factory ones, so it reaches a size (access §9). */
export async function addUsers(server: TestServer, organizationId: number, count: number) {
  await server.knex('users').insert(
    Array.from({ length: count }, () => ({
      email: `extra-${randomBytes(4).toString('hex')}@factory.test`,
      first_name: 'Extra',
      last_name: 'User',
      organization_id: organizationId,
    })),
  );
}

/** A complete order of one organisation for one location: a small one's fee is 19 a month. */
export function orderFor(organizationId: number, changes: Partial<OrderCreate> = {}): OrderCreate {
  return {
    organizationIds: [organizationId],
    flavor: 'premium',
    locations: ['BE'],
    invoiceOrganizationId: organizationId,
    invoiceEmail: 'invoices@orderer.test',
    invoiceFrequency: 'monthly',
    po: null,
    eulaAccepted: true,
    fee: 19,
    ...changes,
  };
}
