import { randomBytes } from 'node:crypto';
import type { Knex } from 'knex';
// The server's own test factory: organisations with real keys in the cloud wallet's table.
import { createWalletOrganization } from '../../../packages/server/src/test/factories.ts';

/** `removeTransferWorlds` removes organisations named so, with their releases and users. */
const namePrefix = 'Bench Transfer Scale ';
export const scaleTerminal = 'BENCHTR';

/** One organisation of the chain: its address, its acting admin and every user's id. */
export interface ChainMember {
  id: number;
  address: string;
  adminUserId: number;
  userIds: number[];
}

/** A carrier, a forwarder it releases to, and a haulier the forwarder passes them on to. */
export interface ScaleWorld {
  carrier: ChainMember;
  forwarder: ChainMember;
  haulier: ChainMember;
}

/**
 * One chain of three organisations (each with `usersPerOrganization` users, the first an admin
 * with a key in the cloud wallet), connections finalised along it, and a terminal. A release
 * passed from the carrier to the forwarder and on to the haulier has all three in its chain, so
 * each of its events goes to the three organisations' channels (releases spec §4).
 */
export async function scaleWorld(db: Knex, usersPerOrganization: number): Promise<ScaleWorld> {
  const suffix = randomBytes(3).toString('hex');
  const member = async (role: 'carrier' | 'other', name: string): Promise<ChainMember> => {
    const org = await createWalletOrganization(db, {
      role,
      users: Array.from({ length: usersPerOrganization }, (_, i) => ({
        isAdmin: i === 0,
        email: `bench-scale-${name}-${i}-${suffix}@bench.test`,
      })),
      fields: { name: `${namePrefix}${name} ${suffix}` },
    });
    return {
      id: org.id,
      address: org.address,
      adminUserId: org.users[0]!.id,
      userIds: org.users.map((user) => user.id),
    };
  };
  const carrier = await member('carrier', 'carrier');
  const forwarder = await member('other', 'forwarder');
  const haulier = await member('other', 'haulier');
  await db('organization_connections').insert([
    { organization_id: carrier.id, connected_organization_id: forwarder.id, status: 'finalized' },
    { organization_id: forwarder.id, connected_organization_id: haulier.id, status: 'finalized' },
  ]);
  await db('ports')
    .insert({ locode: 'BEANR', name: 'Antwerp', country: 'BE' })
    .onConflict('locode')
    .ignore();
  await db('terminals')
    .insert({ code: scaleTerminal, name: 'Bench transfer terminal', port_locode: 'BEANR' })
    .onConflict('code')
    .ignore();
  return { carrier, forwarder, haulier };
}
