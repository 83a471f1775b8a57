import { addDays, todayInBrussels } from '@scr/domain';
import {
  createOrganisationKeys,
  KnexKeystoreStore,
  provisionOrganisationWallet,
} from '@scr/wallet';
import { recordProvisionedUsers } from '../auth/sign-in-keys.ts';
import { demoPassword } from './demo-accounts.ts';
import type { Knex } from 'knex';
import type { Logger } from '../logger.ts';
import type { ServerKey } from '../ledger/server-key.ts';
import { demoOrganizations, demoRequestPlans } from './demo-organizations.ts';
import { loadDemoPortIntegrations } from './demo-port-integrations.ts';
import { demoConnections, demoUsers } from './demo-users.ts';
import type { DemoOrgKey } from './demo-organizations.ts';
import { demoPorts, demoTerminals } from './demo-ports.ts';
import { loadDemoReleases, type DemoOrgSigner } from './load-demo-releases.ts';
import { loadDemoTransporters } from './demo-transporters.ts';
import { loadDemoDocuments } from './demo-documents.ts';
import { loadDemoAssignLocations } from './demo-assign-locations.ts';

/** Serialises concurrent first starts (several instances on one PostgreSQL) around the load. */
const demoLoadLockKey = 7_340_001;

/**
 * Demo keystores use a lighter scrypt cost than real ones (2^14 instead of 2^17): their password
 * is published in the README anyway, and ten keystores at full cost would add seconds to start.
 */
const demoScryptN = 1 << 14;

/** The EULA every demo user but the newcomer has accepted. */
const demoEula = { version: '2026-1', url: '/legal/eula.html' };

export interface DemoLoadOptions {
  /** Signs the demo releases' `create` events, as for any release. */
  serverKey: ServerKey;
  logger: Logger;
}

/**
 * Loads the demo world (an Antwerp carrier, two forwarders, a haulier, a terminal operator, the
 * support desk, and the accounts the sign-in journeys need) in one transaction, when there are
 * no organisations yet. Returns whether it loaded anything. Each organisation gets fresh keys in
 * the cloud wallet, wrapped for each of its users under the demo password.
 *
 * The carrier's releases (demo-releases.ts) are created and passed along the chain in the same
 * transaction, behind a savepoint: if that fails, it is logged and the rest of the world still
 * loads, without any release.
 */
export async function loadDemoData(knex: Knex, options: DemoLoadOptions): Promise<boolean> {
  const keys = await Promise.all(demoOrganizations.map(() => createOrganisationKeys()));
  return knex.transaction(async (trx) => {
    await trx.raw('select pg_advisory_xact_lock(?)', [demoLoadLockKey]);
    if (await trx('organizations').first('id')) return false;

    const today = todayInBrussels();
    const orgIds = new Map<DemoOrgKey, number>();
    for (const [index, org] of demoOrganizations.entries()) {
      const { address, sealingPublicKey } = keys[index]!;
      const scrEnd = org.scrPlanEnded ? addDays(today, -7) : addDays(today, 365);
      const [row] = await trx('organizations')
        .insert({
          name: org.name,
          address,
          role: org.role,
          vat: org.vat,
          street_nbr: org.streetNbr,
          postal_code: org.postalCode,
          city: org.city,
          country: 'BE',
          sealing_public_key: sealingPublicKey,
          invited_by_msc: org.invitedByMsc ?? false,
          secure_pickup_enabled: org.securePickup ?? false,
          is_connected_to_cpoint: org.portCommunityLinked ?? false,
        })
        .returning('id');
      orgIds.set(org.key, row.id);
      const [walletPlan, scrPlan] = org.plans;
      await trx('subscriptions').insert([
        { organization_id: row.id, subscription_id: walletPlan, start_date: addDays(today, -30) },
        {
          organization_id: row.id,
          subscription_id: scrPlan,
          start_date: addDays(today, -30),
          end_date: scrEnd,
        },
      ]);
      if (org.features.length > 0) {
        await trx('organization_features').insert(
          org.features.map((feature) => ({ organization_id: row.id, feature, enabled: true })),
        );
      }
    }
    const idOf = (key: DemoOrgKey) => orgIds.get(key)!;
    await trx('subscriptions').insert(demoRequestPlans(idOf, addDays(today, -30)));
    const signers = new Map<DemoOrgKey, DemoOrgSigner>(
      demoOrganizations.map((org, index) => [
        org.key,
        { id: idOf(org.key), address: keys[index]!.address, privateKey: keys[index]!.privateKey },
      ]),
    );

    const [eula] = await trx('eulas').insert(demoEula).returning('id');
    const userRows: { id: number; email: string; organization_id: number; is_admin: boolean }[] =
      await trx('users')
        .insert(
          demoUsers.map((user) => ({
            email: user.email,
            first_name: user.firstName,
            last_name: user.lastName,
            organization_id: idOf(user.org),
            is_admin: user.isAdmin ?? false,
            is_support: user.isSupport ?? false,
            preferred_language: user.language,
            two_factor_auth: user.twoFactorByEmail ? 'email' : null,
            terms_accepted_at: user.newcomer ? null : trx.fn.now(),
            eula_accepted_id: user.newcomer ? null : eula.id,
          })),
        )
        .returning(['id', 'email', 'organization_id', 'is_admin']);
    const store = new KnexKeystoreStore(trx);
    for (const [index, org] of demoOrganizations.entries()) {
      const wallet = await provisionOrganisationWallet({
        store,
        privateKey: keys[index]!.privateKey,
        scryptN: demoScryptN,
        users: userRows
          .filter((user) => user.organization_id === idOf(org.key))
          .map((user) => ({
            userId: String(user.id),
            password: demoPassword,
            type: user.is_admin ? 'admin' : 'user',
          })),
      });
      await recordProvisionedUsers(trx, wallet.users);
    }
    await trx('organization_connections').insert(
      demoConnections.map(([from, to, reference]) => ({
        organization_id: idOf(from),
        connected_organization_id: idOf(to),
        status: 'finalized',
        reference,
      })),
    );
    await trx('ports').insert(demoPorts).onConflict('locode').ignore();
    await trx('terminals')
      .insert(
        demoTerminals.map((terminal) => ({
          code: terminal.code,
          name: terminal.name,
          port_locode: terminal.port,
          identification_method: terminal.identificationMethod,
          pins_allowed: terminal.pinsAllowed,
          secure_pickup_enabled: terminal.securePickup,
          green_lights_shown: terminal.greenLights,
          owner_organization_id: terminal.owner ? idOf(terminal.owner) : null,
        })),
      )
      .onConflict('code')
      .ignore();
    await loadDemoAssignLocations(trx);

    await loadDemoTransporters(trx, idOf);
    await loadDemoDocuments(trx, idOf);

    try {
      const context = { serverKey: options.serverKey, organizations: signers, today };
      const releases = await trx.transaction((savepoint) => loadDemoReleases(savepoint, context));
      await trx.transaction((savepoint) => loadDemoPortIntegrations(savepoint, context));
      options.logger.info({ releases }, 'demo releases created');
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      options.logger.warn({ reason }, 'demo releases not created; the portal starts without them');
    }
    return true;
  });
}
