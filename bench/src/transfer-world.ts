import { randomBytes } from 'node:crypto';
// The server's own test factory: an organisation with real keys in the cloud wallet's table.
import { createWalletOrganization } from '../../packages/server/src/test/factories.ts';
import type { BenchPortal } from './portal.ts';

type Db = BenchPortal['portal']['knex'];

/** The transfer bench's organisations are named so (the overview's seed has none of these). */
const namePrefix = 'Bench Transfer ';
const terminal = 'BENCHTR';

export interface TransferWorld {
  carrierAddress: string;
  carrierUserId: number;
  /** The carrier user's access token. */
  token: string;
  targetAddress: string;
  terminal: string;
}

/**
 * A carrier with its key in the cloud wallet, a forwarder with an admin (a carrier transfers
 * only to an organisation with an admin), a finalised connection between them, and a
 * terminal, beside whatever else the database holds.
 */
export async function transferWorld(bench: BenchPortal): Promise<TransferWorld> {
  const knex = bench.portal.knex;
  const suffix = randomBytes(3).toString('hex');
  const carrier = await createWalletOrganization(knex, {
    role: 'carrier',
    users: [{ isAdmin: true, email: `bench-carrier-${suffix}@bench.test` }],
    fields: { name: `${namePrefix}Carrier ${suffix}` },
  });
  const target = await createWalletOrganization(knex, {
    users: [{ isAdmin: true, email: `bench-forwarder-${suffix}@bench.test` }],
    fields: { name: `${namePrefix}Forwarder ${suffix}` },
  });
  await knex('organization_connections').insert({
    organization_id: carrier.id,
    connected_organization_id: target.id,
    status: 'finalized',
  });
  await benchTerminal(knex);
  const carrierUserId = carrier.users[0]!.id;
  return {
    carrierAddress: carrier.address,
    carrierUserId,
    token: await bench.tokenFor(carrierUserId),
    targetAddress: target.address,
    terminal,
  };
}

/** The bench's terminal (`BENCHTR`, Antwerp), made once; removed with the transfer worlds. */
export async function benchTerminal(knex: Db): Promise<string> {
  await knex('ports')
    .insert({ locode: 'BEANR', name: 'Antwerp', country: 'BE' })
    .onConflict('locode')
    .ignore();
  await knex('terminals')
    .insert({ code: terminal, name: 'Bench transfer terminal', port_locode: 'BEANR' })
    .onConflict('code')
    .ignore();
  return terminal;
}

/**
 * Removes every transfer world from the database (this run's, and any an interrupted run left):
 * its releases with their party rows, pincode copies and ledger events, their statements and
 * BLs, its users, keystores and organisations; then vacuums and analyses, so that the overview's
 * world is as its seed left it. Left in place, 11,000 releases a run, all valid today, would
 * shift the statistics the overview's plans are chosen on, and the trigram index's pending list
 * would grow (autovacuum is off on the development PostgreSQL). Answers how many releases went.
 */
export async function removeTransferWorlds(db: Db): Promise<number> {
  const organizations = db('organizations').where('name', 'like', `${namePrefix}%`).select('id');
  const releases = db('releases').whereIn('carrier_organization_id', organizations).select('id');
  const removed = await db.transaction(async (trx) => {
    const statements: string[] = await trx('release_events')
      .whereIn('release_id', releases.clone())
      .distinct()
      .pluck('statement_id');
    // Party rows, pincode copies and events go with their release (on delete cascade).
    const count = await trx('releases').whereIn('id', releases.clone()).delete();
    for (let i = 0; i < statements.length; i += 5000) {
      await trx('ledger_statements')
        .whereIn('id', statements.slice(i, i + 5000))
        .whereNotExists(
          trx('release_events as e').whereRaw('e.statement_id = ledger_statements.id').select(1),
        )
        .delete();
    }
    await trx('bills_of_lading').whereIn('carrier_organization_id', organizations.clone()).delete();
    // The intake suite's uploads and COREOR interchanges (their message claims first).
    await trx('release_uploads').whereIn('organization_id', organizations.clone()).delete();
    await trx('coreor_messages').whereIn('organization_id', organizations.clone()).delete();
    await trx('coreor_interchanges').whereIn('organization_id', organizations.clone()).delete();
    const users = trx('users').whereIn('organization_id', organizations.clone());
    await trx('wallet_users')
      .whereIn('user_id', users.clone().select(trx.raw('id::text')))
      .delete();
    await users.clone().delete();
    await trx('organizations').whereIn('id', organizations.clone()).delete();
    await trx('terminals').where({ code: terminal }).delete();
    return count;
  });
  if (removed > 0) {
    await db.raw(
      'vacuum analyze releases, release_parties, release_pincodes, release_events, ledger_statements, bills_of_lading',
    );
  }
  return removed;
}

/**
 * After a long database operation on PGlite (it runs on this thread): the server has closed
 * the idle keep-alive connections meanwhile, and the next request on one of them would fail
 * with ECONNRESET. A few pings use them up.
 */
export async function reconnect(bench: BenchPortal): Promise<void> {
  for (let attempt = 0; attempt < 5; attempt += 1) {
    try {
      const response = await fetch(`${bench.baseUrl}/health`);
      await response.arrayBuffer();
      if (response.ok) return;
    } catch {
      // A connection the server had closed: the next attempt opens a new one.
    }
  }
  throw new Error('the portal does not answer /health');
}
