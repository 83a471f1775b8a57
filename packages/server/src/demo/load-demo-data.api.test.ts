import {
  accountType,
  callerFacts,
  custodyRefusal,
  identificationRefusal,
  refusalReason,
  requestCarrierIds,
  subscriptionAccess,
  todayInBrussels,
} from '@scr/domain';
import { getAddress } from 'ethers';
import { describe, expect, it } from 'vitest';
import { demoCounts, demoWorldApps } from '../test/demo-world.ts';
import { verifyLedger } from '../ledger/verify-ledger.ts';
import { demoAccounts, demoPassword } from './demo-accounts.ts';
import { demoTerminals } from './demo-ports.ts';
import { demoBillsOfLading, demoBlockedContainer, demoReleaseBls } from './demo-releases.ts';
import { demoBarges, demoDrivers, demoTrains } from './demo-transporters.ts';
import { loadSessionUser } from '../auth/session-user.ts';
import {
  assigningOrganization,
  assignmentTerminals,
} from '../releases/assignment/assignment-facts.ts';
import { loadCustodyReleases } from '../releases/custody/custody-releases.ts';

describe('demo data', () => {
  const { servers, start, loaded, orgOf } = demoWorldApps();

  it('is loaded once: a second start on the same database adds nothing', async () => {
    const first = await start();
    const firstStart = await first.portal.ready;
    const counts = await demoCounts(first.knex);
    expect(counts.users).toBe(demoAccounts.length);
    await first.stop();
    servers.splice(servers.indexOf(first), 1);

    const second = await start();
    expect((await second.portal.ready).demoLoaded).toBe(false);
    expect(await demoCounts(second.knex)).toEqual(counts);
    // The folder (PGlite) or the database (PostgreSQL) was empty: the first start loaded it.
    expect(firstStart.demoLoaded).toBe(true);
  }, 120_000); // two starts, the first loading the whole demo world (its signed ledger): slow on a busy CI machine

  it('gives every account an organisation with keys, and all but expired@ an active subscription', async () => {
    const server = loaded();
    const rows = await server
      .knex('users as u')
      .join('organizations as o', 'o.id', 'u.organization_id')
      .whereIn(
        'u.email',
        demoAccounts.map((account) => account.email),
      )
      .select('u.email', 'u.is_admin', 'u.is_support', 'o.id', 'o.role', 'o.address')
      .select('o.sealing_public_key');
    const today = todayInBrussels();
    for (const row of rows) {
      expect(row.address).toMatch(/^0x[0-9a-fA-F]{40}$/);
      // EIP-55: the address's own checksummed form. Not "some letter upper case": a checksum
      // leaves every letter lower case about once in 2^(letters), and 2026-11-28 met one.
      expect(row.address).toBe(getAddress(row.address.toLowerCase()));
      expect(row.sealing_public_key).toMatch(/^[A-Za-z0-9+/]{43}=$/);
      const subscriptions = await server
        .knex('subscriptions')
        .where({ organization_id: row.id })
        .select('subscription_id as subscriptionId', 'start_date as startDate')
        .select('end_date as endDate');
      expect(typeof subscriptions[0].startDate).toBe('string');
      expect(subscriptionAccess(subscriptions, today)).toEqual(
        row.email === 'expired@demo.test'
          ? { allowed: false, notice: 'scrSubscriptionExpired' }
          : { allowed: true },
      );
      if (row.email === 'haulier@demo.test') {
        expect(accountType(row.role, subscriptions, today)).toBe('scrBasic');
      }
      if (row.email === 'forwarder2@demo.test') {
        expect(accountType(row.role, subscriptions, today)).toBe('scrPremiumFreeTrial');
      }
    }
    const byEmail = new Map(rows.map((row) => [row.email, row]));
    expect(byEmail.get('admin@demo.test')).toMatchObject({ is_admin: true });
    expect(byEmail.get('support@demo.test')).toMatchObject({ is_support: true });
    expect(byEmail.get('carrier@demo.test')).toMatchObject({ role: 'carrier' });
    expect(byEmail.get('terminal@demo.test')).toMatchObject({ role: 'terminal' });
  });

  it('gives every demo user a keystore in the cloud wallet that opens with the demo password', async () => {
    const server = loaded();
    const users = await server.knex('users').whereIn(
      'email',
      demoAccounts.map((a) => a.email),
    );
    expect(users).toHaveLength(demoAccounts.length);
    const keystores = await server.knex('wallet_users').whereIn(
      'user_id',
      users.map((u) => String(u.id)),
    );
    expect(keystores).toHaveLength(users.length);
    const carrier = users.find((user) => user.email === 'carrier@demo.test')!;
    const unlocked = await fetch(`${server.baseUrl}/wallet/unlock`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ userId: String(carrier.id), password: demoPassword }),
    });
    expect(unlocked.status).toBe(200);
    const org = await server.knex('organizations').where({ id: carrier.organization_id }).first();
    expect(((await unlocked.json()) as { address: string }).address).toBe(org.address);
  });

  it('marks the newcomer, the two-factor user and the invited organisation for the sign-in journeys', async () => {
    const server = loaded();
    const byEmail = async (email: string) => server.knex('users').where({ email }).first();
    expect(await byEmail('twofactor@demo.test')).toMatchObject({ two_factor_auth: 'email' });
    expect(await byEmail('invited@demo.test')).toMatchObject({
      terms_accepted_at: null,
      eula_accepted_id: null,
    });
    expect((await byEmail('carrier@demo.test')).eula_accepted_id).not.toBeNull();
  });

  it('has the Antwerp terminals, without green lights at CSP120, K420, 120 and 420', async () => {
    const knex = loaded().knex;
    // Only the demo's own terminals: on PostgreSQL other test files share the database.
    const dark = await knex('terminals')
      .where({ green_lights_shown: false, port_locode: 'BEANR' })
      .whereIn(
        'code',
        demoTerminals.map((terminal) => terminal.code),
      );
    expect(dark.map((t) => t.code).sort()).toEqual(['120', '420', 'CSP120', 'K420']);
    const ports = await knex('ports').pluck('locode');
    expect(ports).toEqual(expect.arrayContaining(['BEANR', 'NLRTM', 'BEZEE', 'DEHAM', 'BEGNE']));
    const owned = await knex('terminals as t')
      .join('organizations as o', 'o.id', 't.owner_organization_id')
      .where('o.role', 'terminal')
      .pluck('t.code');
    expect(owned.length).toBeGreaterThanOrEqual(3);
  });

  it('connects the forwarders with each other, the carrier and the haulier', async () => {
    const rows = await loaded()
      .knex('organization_connections as c')
      .join('organizations as a', 'a.id', 'c.organization_id')
      .join('organizations as b', 'b.id', 'c.connected_organization_id')
      .whereIn('c.reference', [
        'KF-DCL-0001',
        'SOL-KF-2231',
        'KF-WCT-0042',
        'SOL-DCL-1187',
        'DCL-WCT-0007',
      ])
      .select('a.name as from', 'b.name as to', 'c.status');
    expect(rows).toHaveLength(5);
    expect(rows.every((row) => row.status === 'finalized')).toBe(true);
  });

  it('access spec §9: the forwarders request releases from the demo carrier (subscription 11)', async () => {
    const knex = loaded().knex;
    const carrier = await knex('users as u')
      .join('organizations as o', 'o.id', 'u.organization_id')
      .where('u.email', 'carrier@demo.test')
      .first('o.id');
    for (const email of ['forwarder@demo.test', 'forwarder2@demo.test']) {
      const { id } = await knex('users').where({ email }).first('id');
      const user = (await loadSessionUser(knex, id))!;
      expect(user.features.canRequestForRelease).toBe(true);
      expect(requestCarrierIds(user.subscriptions)).toEqual([carrier.id]);
    }
  });

  describe('releases', () => {
    /** The demo carrier's releases, with their BL and owner's first user. */
    async function demoReleases() {
      const knex = loaded().knex;
      return knex('releases as r')
        .join('bills_of_lading as bl', 'bl.id', 'r.bill_of_lading_id')
        .join('terminals as t', 't.code', 'r.pickup_location')
        .where('r.carrier_organization_id', await orgOf('carrier@demo.test'))
        .orderBy('r.id')
        .select('r.id', 'r.address', 'bl.bl_number', 'r.container_number', 'r.release_status')
        .select('r.owner_organization_id', 'r.valid_until', 'r.version', 't.pins_allowed')
        .select('bl.vessel', 'bl.voyage_number', 'bl.port_of_loading');
    }

    it('gives the carrier its BLs, one passed to forwarder@, one on to haulier@, one release blocked', async () => {
      const releases = await demoReleases();
      const containers = demoBillsOfLading.flatMap((bl) => bl.containers);
      expect(releases).toHaveLength(containers.length);
      expect(releases.length).toBeGreaterThanOrEqual(8);
      const carrier = await orgOf('carrier@demo.test');
      const forwarder = await orgOf('forwarder@demo.test');
      const haulier = await orgOf('haulier@demo.test');
      const ownerOf: Record<string, number> = {
        [demoReleaseBls.forwarderOwned]: forwarder,
        [demoReleaseBls.haulierOwned]: haulier,
        [demoReleaseBls.withBlocked]: carrier,
        [demoReleaseBls.carrierOwned]: carrier,
        [demoReleaseBls.haulierSecurePickup]: haulier,
      };
      const today = todayInBrussels();
      for (const release of releases) {
        expect(release.owner_organization_id, release.container_number).toBe(
          ownerOf[release.bl_number],
        );
        expect(release.release_status, release.container_number).toBe(
          release.container_number === demoBlockedContainer
            ? 'blocked'
            : // The port's status system has this one selected for scan by customs.
              release.container_number === 'SOLU4217818'
              ? 'blockedForScanning'
              : 'released',
        );
        expect(release.valid_until > today).toBe(true);
        expect(release.pins_allowed).toBe(true);
        expect(release.vessel).toBeTruthy();
        expect(release.voyage_number).toBeTruthy();
        expect(release.port_of_loading).toMatch(/^[A-Z]{5}$/);
      }
      expect(
        releases
          .filter((release) => release.bl_number === demoReleaseBls.forwarderOwned)
          .map((release) => release.container_number),
      ).toHaveLength(3);
    });

    it('lets forwarder@ pass its BL on to forwarder2@ (owned, finalised-connected) and open its pincodes', async () => {
      const server = loaded();
      const knex = server.knex;
      const forwarder = await orgOf('forwarder@demo.test');
      const forwarder2 = await orgOf('forwarder2@demo.test');
      const journey = demoBillsOfLading.find(
        (bl) => bl.blNumber === demoReleaseBls.forwarderOwned,
      )!;
      const parties = await knex('release_parties as p')
        .join('releases as r', 'r.id', 'p.release_id')
        .where({ 'r.bl_number': journey.blNumber, 'p.active': true })
        .whereIn(
          'r.container_number',
          journey.containers.map((c) => c.containerNumber),
        )
        .orderBy(['r.container_number', 'p.position'])
        .select('r.container_number', 'p.organization_id', 'p.position', 'p.transfer_status');
      expect(parties.filter((p) => p.organization_id === forwarder)).toEqual(
        journey.containers.map(() =>
          expect.objectContaining({ position: 1, transfer_status: 'owned' }),
        ),
      );
      expect(parties.filter((p) => p.position === 0).map((p) => p.transfer_status)).toEqual(
        journey.containers.map(() => 'transferred'),
      );
      const connection = await knex('organization_connections')
        .where({ status: 'finalized' })
        .where((q) =>
          q
            .where({ organization_id: forwarder, connected_organization_id: forwarder2 })
            .orWhere({ organization_id: forwarder2, connected_organization_id: forwarder }),
        )
        .first('id');
      expect(connection).toBeTruthy();

      // The forwarder's copies were resealed to it by the carrier's signed transfer.
      const user = await knex('users').where({ email: 'forwarder@demo.test' }).first('id');
      const unlocked = await fetch(`${server.baseUrl}/wallet/unlock`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ userId: String(user.id), password: demoPassword }),
      });
      const { token } = (await unlocked.json()) as { token: string };
      const copies = await knex('release_pincodes as c')
        .join('releases as r', 'r.id', 'c.release_id')
        .where({ 'c.organization_id': forwarder, 'r.bl_number': journey.blNumber })
        .select('r.address', 'r.container_number', 'c.encrypted_pincode as encryptedPincode');
      expect(copies).toHaveLength(journey.containers.length);
      const opened = await fetch(`${server.baseUrl}/wallet/pincodes/open`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
        body: JSON.stringify({
          items: copies.map(({ address, encryptedPincode }) => ({ address, encryptedPincode })),
        }),
      });
      expect(opened.status).toBe(200);
      const { items } = (await opened.json()) as { items: { address: string; pincode: string }[] };
      const pincodeOf = new Map(journey.containers.map((c) => [c.containerNumber, c.pincode]));
      expect(items.map((item) => item.pincode)).toEqual(
        copies.map((copy) => pincodeOf.get(copy.container_number)),
      );
    });

    it('verifies: every demo release has an unbroken, signed ledger', async () => {
      const server = loaded();
      const releases = await demoReleases();
      const signers = await server
        .knex('release_events as e')
        .join('ledger_statements as s', 's.id', 'e.statement_id')
        .whereIn(
          'e.release_id',
          releases.map((release) => release.id),
        )
        .where('e.operation', 'create')
        .distinct('s.signer_address')
        .pluck('s.signer_address');
      // On PGlite this server loaded the demo itself; on the run's PostgreSQL database, another
      // test file's server may have, with its own key.
      const serverAddress = server.portal.app.get('serverKey').address;
      if (server.portal.database.kind === 'pglite') expect(signers).toEqual([serverAddress]);
      expect(signers).toHaveLength(1);
      const result = await verifyLedger(server.knex, {
        serverAddress: signers[0]!,
        releaseAddresses: releases.map((release) => release.address),
      });
      // 12 creates; transfers: 3 to the forwarder, 2 × 2 and 2 × 2 on to the haulier; 1 block;
      // 6 port-status events (demo-port-integrations.ts), which keep the release's version.
      expect(result).toEqual({ releases: releases.length, events: 30, broken: null });
      expect(releases.reduce((sum, release) => sum + release.version, 0)).toBe(24);
    });

    it('stores no demo pincode in clear', async () => {
      const knex = loaded().knex;
      const ids = (await demoReleases()).map((release) => release.id);
      const events = await knex('release_events').whereIn('release_id', ids);
      const rows = [
        ...events,
        ...(await knex('ledger_statements').whereIn(
          'id',
          events.map((event) => event.statement_id),
        )),
        ...(await knex('release_pincodes').whereIn('release_id', ids)),
        ...(await knex('releases').whereIn('id', ids)),
        ...(await knex('release_parties').whereIn('release_id', ids)),
        ...(await knex('bills_of_lading').where(
          'carrier_organization_id',
          await orgOf('carrier@demo.test'),
        )),
        ...(await knex('outbox')),
      ];
      expect(rows.length).toBeGreaterThan(ids.length * 4);
      // Dates become ISO strings (milliseconds only); a pincode would stand as a value of its own,
      // not inside a hex or base64 run.
      const text = JSON.stringify(rows);
      for (const { pincode } of demoBillsOfLading.flatMap((bl) => bl.containers)) {
        expect(pincode).toMatch(/^\d{6}$/);
        expect(text).not.toMatch(new RegExp(`(^|[^0-9A-Za-z])${pincode}([^0-9A-Za-z]|$)`));
      }
    });
  });

  describe('secure pick-up (issue 11 item 8; releases spec §5, §6)', () => {
    it('gives forwarder@ and haulier@ the assignment features and canNmot', async () => {
      for (const email of ['forwarder@demo.test', 'haulier@demo.test']) {
        const user = await loaded().knex('users').where({ email }).first('id');
        const session = await loadSessionUser(loaded().knex, user.id);
        expect(session?.features, email).toMatchObject({
          canAssignDriver: true,
          canAssignBarge: true,
          canAssignTrain: true,
          canNmot: true,
        });
      }
    });

    it('enables the carrier and alfaPass and itsme terminals owned by the terminal organisation', async () => {
      const knex = loaded().knex;
      const carrier = await knex('organizations')
        .where({ id: await orgOf('carrier@demo.test') })
        .first('secure_pickup_enabled');
      expect(carrier.secure_pickup_enabled).toBe(true);
      const secure = await knex('terminals')
        .where({
          secure_pickup_enabled: true,
          owner_organization_id: await orgOf('terminal@demo.test'),
        })
        .pluck('identification_method');
      expect(secure).toEqual(expect.arrayContaining(['alfapass', 'itsme']));
    });

    it('gives the haulier drivers with alfaPass and itsme, a barge and a train; the forwarder a driver', async () => {
      const knex = loaded().knex;
      const haulier = await orgOf('haulier@demo.test');
      const drivers = await knex('drivers')
        .where({ organization_id: haulier, is_active: true })
        .select('alfa_pass', 'itsme_code');
      expect(drivers.some((driver) => /^\d{5,6}$/.test(driver.alfa_pass ?? ''))).toBe(true);
      expect(drivers.some((driver) => !!driver.itsme_code)).toBe(true);
      const barges = await knex('barges').where({ organization_id: haulier }).pluck('eni_number');
      expect(barges).toHaveLength(demoBarges.length);
      expect(barges.every((eni: string) => eni.length === 8)).toBe(true);
      expect(await knex('trains').where({ organization_id: haulier }).pluck('train_code')).toEqual(
        demoTrains.map((train) => train.trainCode),
      );
      const forwarder = await orgOf('forwarder@demo.test');
      const own = demoDrivers.filter((driver) => driver.org === 'forwarder1');
      expect(await knex('drivers').where({ organization_id: forwarder }).count({ n: '*' })).toEqual(
        [{ n: expect.anything() }],
      );
      expect(
        Number(
          (await knex('drivers').where({ organization_id: forwarder }).count({ n: '*' }))[0]!.n,
        ),
      ).toBe(own.length);
    });

    it('has haulier@ hold secure pick-up releases it may assign (alfaPass at 1742, itsme at 1700) and not fetch the pincode of', async () => {
      const knex = loaded().knex;
      const haulier = await orgOf('haulier@demo.test');
      const rows = await knex('releases as r')
        .join('bills_of_lading as bl', 'bl.id', 'r.bill_of_lading_id')
        .where('bl.bl_number', demoReleaseBls.haulierSecurePickup)
        .select('r.address', 'r.pickup_location', 'r.is_secure_pickup', 'r.owner_organization_id');
      expect(rows).toHaveLength(2);
      expect(
        rows.every((row) => row.is_secure_pickup && row.owner_organization_id === haulier),
      ).toBe(true);
      const addresses = rows.map((row) => row.address);
      const terminals = await assignmentTerminals(knex, haulier, addresses);
      const organization = await assigningOrganization(knex, haulier);
      const methodOf = { '1742': 'alfapass', '1700': 'itsme' } as const;
      const facts = await loadCustodyReleases(knex, haulier, addresses, { lock: false });
      for (const row of rows) {
        const terminal = terminals.get(row.address)!;
        const method = methodOf[row.pickup_location as keyof typeof methodOf];
        expect(terminal.identificationMethod).toBe(method);
        // Releases spec §5: the driver with the terminal's identification may be assigned.
        expect(
          identificationRefusal(
            { type: 'driver', identificationType: method },
            terminal,
            organization,
          ),
        ).toBeNull();
        // Barges and trains need only the port-community account in Antwerp.
        expect(
          identificationRefusal(
            { type: 'barge', identificationType: 'eni' },
            terminal,
            organization,
          ),
        ).toBeNull();
        const release = facts.find((fact) => fact.address === row.address)!.release!;
        // §4 "Action rules" Assign: terminal and carrier both enabled, the haulier owns it.
        expect(refusalReason('assign', callerFacts(release, haulier))).toBeNull();
        // §4 "Pincode eligibility": a secure pick-up needs the assignment first.
        expect(
          custodyRefusal('pincode', release, {
            organizationId: haulier,
            features: { canFetchPincode: true },
          }),
        ).toBe('mustAssign');
      }
    });
  });

  describe('documents (issue 12 item 4; access spec §4 "Documents")', () => {
    it('gives the connected forwarders canDocuments, a draft of forwarder@ and one shared with it to accept', async () => {
      const knex = loaded().knex;
      const orgIds: number[] = [];
      for (const email of ['forwarder@demo.test', 'forwarder2@demo.test']) {
        const user = await knex('users').where({ email }).first('id', 'organization_id');
        expect((await loadSessionUser(knex, user.id))?.features.canDocuments, email).toBe(true);
        orgIds.push(user.organization_id);
      }
      const [forwarder, forwarder2] = orgIds as [number, number];
      const documents = await knex('documents')
        .orderBy('id')
        .select('reference', 'status', 'organization_id', 'shared_with_organization_id');
      expect(documents).toEqual([
        {
          reference: 'KF-TO-0001',
          status: 'draft',
          organization_id: forwarder,
          shared_with_organization_id: null,
        },
        {
          reference: 'DCL-TO-0042',
          status: 'toBeAccepted',
          organization_id: forwarder2,
          shared_with_organization_id: forwarder,
        },
      ]);
    });
  });
});
