import { randomBytes } from 'node:crypto';
import type { Knex } from 'knex';

/** A random organisation address (0x + 40 hex digits, as the schema requires). */
export function randomAddress(): string {
  return `0x${randomBytes(20).toString('hex')}`;
}

/** Inserts an organisation of its own for one test; tests never share rows. */
export async function createOrganization(
  db: Knex | Knex.Transaction,
  fields: Record<string, unknown> = {},
): Promise<{ id: number; address: string; name: string }> {
  const [row] = await db('organizations')
    .insert({
      name: `Test Organisation ${randomBytes(3).toString('hex')}`,
      address: randomAddress(),
      role: 'other',
      country: 'BE',
      ...fields,
    })
    .returning(['id', 'address', 'name']);
  return row;
}
