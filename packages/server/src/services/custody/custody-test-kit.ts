import { afterAll, beforeAll } from 'vitest';
import { signedInOrganization, type SignedInOrganization } from '../../test/admin-kit.ts';
import { actingAs, connect, custodyCaller, newPincode } from '../../test/custody.ts';
import { createRelease, releaseTerminal } from '../../test/factories-releases.ts';
import { startTestApp, type TestServer } from '../../test/start-app.ts';

/*
 * Test kit shared by the custody API tests (custody-*.api.test.ts, and the refusal and statement
 * kits): the cast each file starts from, and the names they all use for it.
 */

/** An organisation of the test's own with two signed-in users (see `signedInOrganization`). */
export type Org = SignedInOrganization;

/** The organisation as it signs and calls: its second user acts (see `actingAs`). */
export const acting = actingAs;

type Forwarder = 'a' | 'b' | 'c';

/** The app, its custody calls, a carrier, forwarders A, B and C, and a release terminal. */
export interface CustodyCast {
  server: TestServer;
  calls: ReturnType<typeof custodyCaller>;
  carrier: Org;
  a: Org;
  b: Org;
  c: Org;
  terminal: string;
}

/**
 * Registers the file's `beforeAll` and `afterAll` and answers the cast the `beforeAll` fills in:
 * it starts the app, makes a carrier and the forwarders `connections` names (a forwarder named
 * in none is not made), gives each pair a finalised connection in the order given, and adds a
 * release terminal; then `setUp`, if any. The `afterAll` stops the app.
 */
export function custodyCast(
  connections: [Forwarder | 'carrier', Forwarder][],
  setUp?: (cast: CustodyCast) => Promise<unknown>,
): CustodyCast {
  const cast = {} as CustodyCast;
  beforeAll(async () => {
    const server = await startTestApp();
    cast.server = server;
    cast.calls = custodyCaller(server);
    const named = new Set(connections.flat());
    const forwarders = (['a', 'b', 'c'] as const).filter((name) => named.has(name));
    const [carrier, ...orgs] = await Promise.all([
      signedInOrganization(server, { role: 'carrier' }),
      ...forwarders.map(() => signedInOrganization(server)),
    ]);
    cast.carrier = carrier!;
    forwarders.forEach((name, i) => (cast[name] = orgs[i]!));
    for (const [from, to] of connections) await connect(server.knex, cast[from], cast[to]);
    cast.terminal = await releaseTerminal(server.knex);
    await setUp?.(cast);
  });
  afterAll(() => cast.server?.stop());
  return cast;
}

/** A release of the cast's carrier, with a pincode, at the cast's terminal unless told. */
export function castRelease(
  cast: CustodyCast,
  fields: { pickupLocation?: string; pincode?: string } = {},
) {
  return createRelease(cast.server, cast.carrier, {
    pickupLocation: fields.pickupLocation ?? cast.terminal,
    pincode: fields.pincode ?? newPincode(),
  });
}
