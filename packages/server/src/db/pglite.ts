import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { PglitePgConnection } from '@electric-sql/pglite/node-postgres';
import type { Knex } from 'knex';

export interface EmbeddedDatabase {
  pglite: PGlite;
  knexConfig: Knex.Config;
}

/** The embedded database's folder inside the data folder. */
export function pgliteDir(dataDir: string): string {
  return join(dataDir, 'pglite');
}

/**
 * Opens PGlite in `dataDir/pglite` and the Knex settings that drive it through the stock `pg`
 * client. PGlite has exactly one connection: the pool is fixed at one (more gave a lost update),
 * and inside a transaction every query must use the transaction (see transaction.ts).
 * The caller must hold the data folder lock first.
 *
 * `sharedBuffersMb` (PGLITE_SHARED_BUFFERS_MB, 128 by default) is PostgreSQL's page cache
 * inside the WebAssembly engine. Setting it up is about half the CPU of an open at 128 MB (0.1 of
 * 0.2 s here); the test apps, whose databases hold a few hundred rows, take 16 MB.
 */
export function openPglite(dataDir: string, sharedBuffersMb: number): EmbeddedDatabase {
  const pglite = newPglite(dataDir, sharedBuffersMb);
  return { pglite, knexConfig: pgliteKnexConfig(() => pglite) };
}

/** A PGlite engine on the data folder, opening (`waitReady` says when it is open). */
export function newPglite(dataDir: string, sharedBuffersMb: number): PGlite {
  const dir = pgliteDir(dataDir);
  mkdirSync(dir, { recursive: true });
  const pglite = new PGlite(dir, {
    // pg_trgm backs the overview's substring search, as it does on PostgreSQL.
    extensions: { pg_trgm },
    startParams: [...PGlite.defaultStartParams, '-c', `shared_buffers=${sharedBuffersMb}MB`],
  });
  // A failed open surfaces in the start-up bootstrap (and in readiness); never unhandled.
  pglite.waitReady.catch(() => undefined);
  return pglite;
}

/**
 * Knex on the PGlite engine `engine()` answers, through the stock `pg` client, one connection.
 * The engine may still be on its way (a promise: database.ts makes the folder's database first,
 * pglite-initdb.ts): a client made meanwhile connects once it is open.
 */
export function pgliteKnexConfig(engine: () => PGlite | Promise<PGlite>): Knex.Config {
  return {
    client: 'pg',
    // A provider, not the settings themselves: Knex copies a settings object's own properties
    // once, and keeps what a provider answers as it is (see PglitePgSettings).
    connection: (() => new PglitePgSettings(engine)) as unknown as Knex.ConnectionConfigProvider,
    pool: { min: 1, max: 1 },
  };
}

/**
 * The `pg` client settings for PGlite, with a connection object of its own for every client.
 *
 * PGlite's `createPgConfig` holds ONE connection object, and Knex hands the same settings to
 * every `pg` client its pool makes: on a loaded machine a first open (initdb in WebAssembly) took
 * longer than the pool's 30 s create timeout, the pool gave that client up and made another on
 * the same object, and when the first one finally connected the pool closed it, which removed
 * every listener of the shared object, the live client's too. Its next query never answered:
 * the start hung after one "Timeout acquiring a connection" and stop() waited on it for ever
 * (issue 42 item 7; reproduced in pglite.test.ts). `pg` reads `connection` once per client.
 */
class PglitePgSettings {
  readonly user = 'postgres';
  readonly password = 'dummy';
  readonly database = 'postgres';
  readonly host = 'localhost';
  readonly port = 5432;
  readonly #engine: () => PGlite | Promise<PGlite>;

  constructor(engine: () => PGlite | Promise<PGlite>) {
    this.#engine = engine;
  }

  get connection(): PglitePgConnection {
    return new PglitePgConnection({ pglite: whenOpen(this.#engine()) });
  }
}

/**
 * An engine still on its way, as the pg adapter uses one: its readiness and its protocol, the
 * only two members PglitePgConnection calls.
 */
function whenOpen(engine: PGlite | Promise<PGlite>): PGlite {
  if (engine instanceof PGlite) return engine;
  const ready = engine.then((open) => open.waitReady);
  ready.catch(() => undefined);
  const facade: Pick<PGlite, 'waitReady' | 'execProtocolStream'> = {
    waitReady: ready,
    execProtocolStream: async (message, options) =>
      (await engine).execProtocolStream(message, options),
  };
  return facade as PGlite;
}
