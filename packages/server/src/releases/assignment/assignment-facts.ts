import type { AssignmentTerminal, AssigningOrganization } from '@scr/domain';
import type { Knex } from 'knex';

/**
 * What releases spec §5 "Assign identification" looks at, per release (by address): its pick-up terminal's
 * identification method and port, and whether the assigning organisation is connected to the
 * terminal's system (a finalised connection to the organisation that owns the terminal).
 */
export async function assignmentTerminals(
  db: Knex | Knex.Transaction,
  organizationId: number,
  /** Release addresses exactly as stored. */
  addresses: readonly string[],
): Promise<Map<string, AssignmentTerminal>> {
  const terminals = new Map<string, AssignmentTerminal>();
  for (let i = 0; i < addresses.length; i += 1000) {
    const rows = await db('releases as r')
      .join('terminals as t', 't.code', 'r.pickup_location')
      .whereIn('r.address', addresses.slice(i, i + 1000))
      .select(
        'r.address',
        't.code',
        't.identification_method',
        't.port_locode',
        db.raw(
          `exists (select 1 from organization_connections c
                    where c.status = 'finalized'
                      and ((c.organization_id = ? and c.connected_organization_id = t.owner_organization_id)
                        or (c.connected_organization_id = ? and c.organization_id = t.owner_organization_id)))
             as connected`,
          [organizationId, organizationId],
        ),
      );
    for (const row of rows) {
      terminals.set(row.address, {
        code: row.code,
        identificationMethod: row.identification_method ?? null,
        portLocode: row.port_locode ?? null,
        connected: Boolean(row.connected),
      });
    }
  }
  return terminals;
}

/** The assigning organisation's linked port-community account (C-Point, releases spec §5). */
export async function assigningOrganization(
  db: Knex | Knex.Transaction,
  organizationId: number,
): Promise<AssigningOrganization> {
  const row = await db('organizations')
    .where({ id: organizationId })
    .first('is_connected_to_cpoint');
  return { portCommunityLinked: Boolean(row?.is_connected_to_cpoint) };
}
