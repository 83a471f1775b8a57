import type { Knex } from 'knex';
import { appError } from '../../errors/app-error.ts';

/** Whether two organisations have a finalised connection, whichever side asked. */
export async function hasFinalizedConnection(
  db: Knex | Knex.Transaction,
  organizationId: number,
  otherOrganizationId: number,
): Promise<boolean> {
  const row = await db('organization_connections')
    .where({ status: 'finalized' })
    .where((q) =>
      q
        .where({ organization_id: organizationId, connected_organization_id: otherOrganizationId })
        .orWhere({
          organization_id: otherOrganizationId,
          connected_organization_id: organizationId,
        }),
    )
    .first('id');
  return Boolean(row);
}

/**
 * Releases spec §6: "Without a finalised connection a transfer is refused." Throws
 * no_finalized_connection; for the transfer command to call inside its transaction.
 */
export async function assertFinalizedConnection(
  db: Knex | Knex.Transaction,
  organizationId: number,
  targetOrganizationId: number,
): Promise<void> {
  if (!(await hasFinalizedConnection(db, organizationId, targetOrganizationId))) {
    throw appError('no_finalized_connection');
  }
}
