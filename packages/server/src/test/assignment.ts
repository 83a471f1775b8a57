import type { Knex } from 'knex';
import type { AssigneeInput } from './custody.ts';

/** A driver to assign to by alfaPass (access spec §3 "Driver"). */
export interface AlfaPassDriver {
  alfaPass: string;
  firstName: string;
  lastName: string;
}

/**
 * Everything an assignment by `organization` of a release at `terminal` to a driver by alfaPass
 * needs, so the signed assign (`PUT releases/assignment/assign`) goes through:
 * - releases spec §6: Secure Pick-up enabled at the terminal and, when given, for the carrier
 *   (canAssignDriver is in every plan, so no feature is set);
 * - releases spec §5 "Assign identification": the terminal identifies by alfaPass, the
 *   organisation has a finalised connection to the organisation that owns the terminal and a
 *   linked port-community account (Antwerp);
 * - the driver, active, in the organisation's drivers.
 * Answers the assignee fields of the assign call for that driver.
 */
export async function prepareAlfaPassAssignment(
  knex: Knex,
  fields: {
    organization: { id: number };
    terminal: string;
    driver: AlfaPassDriver;
    carrier?: { id: number };
  },
): Promise<AssigneeInput & { name: string }> {
  const { organization, terminal, driver, carrier } = fields;
  await knex('terminals')
    .where({ code: terminal })
    .update({ identification_method: 'alfapass', secure_pickup_enabled: true });
  const owner = await knex('terminals').where({ code: terminal }).first('owner_organization_id');
  if (!owner?.owner_organization_id) throw new Error(`terminal ${terminal} has no owner`);
  await finalizedConnection(knex, organization.id, Number(owner.owner_organization_id));
  await knex('organizations')
    .where({ id: organization.id })
    .update({ is_connected_to_cpoint: true });
  if (carrier) {
    await knex('organizations').where({ id: carrier.id }).update({ secure_pickup_enabled: true });
  }
  await knex('drivers').insert({
    organization_id: organization.id,
    first_name: driver.firstName,
    last_name: driver.lastName,
    alfa_pass: driver.alfaPass,
  });
  return {
    type: 'driver',
    identification: driver.alfaPass,
    identificationType: 'alfapass',
    name: `${driver.firstName} ${driver.lastName}`,
  };
}

/** A finalised connection between the two (either direction is the same connection, §6). */
async function finalizedConnection(knex: Knex, a: number, b: number) {
  if (a === b) return;
  const pair = (q: Knex.QueryBuilder) =>
    q
      .where({ organization_id: a, connected_organization_id: b })
      .orWhere({ organization_id: b, connected_organization_id: a });
  const existing = await knex('organization_connections').where(pair).first('id');
  if (existing) {
    await knex('organization_connections')
      .where({ id: existing.id })
      .update({ status: 'finalized' });
  } else {
    await knex('organization_connections').insert({
      organization_id: a,
      connected_organization_id: b,
      status: 'finalized',
    });
  }
}
