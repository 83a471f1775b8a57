import type { Knex } from 'knex';
import * as organizationsAndUsers from './0001-organizations-and-users.ts';
import * as subscriptionsAndFeatures from './0002-subscriptions-and-features.ts';
import * as organizationConnections from './0003-organization-connections.ts';
import * as portsAndTerminals from './0004-ports-and-terminals.ts';
import * as outbox from './0005-outbox.ts';
import * as signIn from './0006-sign-in.ts';
import * as twoFactorCodes from './0008-two-factor-codes.ts';
import * as apiKeys from './0009-api-keys.ts';
import * as releases from './0010-releases.ts';
import * as releaseUploads from './0011-release-uploads.ts';
import * as overviewIndexes from './0012-overview-indexes.ts';
import * as custodyChain from './0013-custody-chain.ts';
import * as personalSignInKeys from './0014-personal-sign-in-keys.ts';
import * as loginLinks from './0015-login-links.ts';
import * as transporters from './0016-transporters.ts';
import * as releaseAssignments from './0017-release-assignments.ts';
import * as gateChecks from './0018-gate-checks.ts';
import * as securePickupCarriersAndNmot from './0019-secure-pickup-carriers-and-nmot.ts';
import * as itsmeRegistration from './0020-itsme-registration.ts';
import * as orders from './0021-orders.ts';
import * as supportTickets from './0023-support-tickets.ts';
import * as requestsForRelease from './0024-requests-for-release.ts';
import * as documents from './0025-documents.ts';
import * as documentAttachments from './0026-document-attachments.ts';
import * as dashboardIndexes from './0029-dashboard-indexes.ts';
import * as pcs from './0030-pcs.ts';
import * as greenLights from './0031-green-lights.ts';
import * as coreorInterchanges from './0033-coreor-interchanges.ts';
import * as webhooks from './0034-webhooks.ts';
import * as sharedState from './0035-shared-state.ts';
import * as outboxLanes from './0036-outbox-lanes.ts';
import * as ledgerLog from './0037-ledger-log.ts';
import * as identificationSalts from './0038-identification-salts.ts';
import * as webhookTypesSecretOverlap from './0039-webhook-types-secret-overlap.ts';
import * as coreorDuplicates from './0040-coreor-duplicates.ts';
import * as machineWalletUsers from './0041-machine-wallet-users.ts';
import * as assignLocations from './0042-assign-locations.ts';
import * as partySortKeys from './0043-party-sort-keys.ts';
import { walletMigration } from '@scr/wallet';

/**
 * Every migration, in order. Listed by hand rather than found on disk, so the set is the same
 * under tsx, in tests and in any bundle. Append new ones at the end; never rename or edit one
 * that has shipped (its name is recorded in knex_migrations).
 */
const migrations: Record<string, Knex.Migration> = {
  '0001-organizations-and-users': organizationsAndUsers,
  '0002-subscriptions-and-features': subscriptionsAndFeatures,
  '0003-organization-connections': organizationConnections,
  '0004-ports-and-terminals': portsAndTerminals,
  '0005-outbox': outbox,
  '0006-sign-in': signIn,
  '0007-wallet-users': walletMigration,
  '0008-two-factor-codes': twoFactorCodes,
  '0009-api-keys': apiKeys,
  '0010-releases': releases,
  '0011-release-uploads': releaseUploads,
  '0012-overview-indexes': overviewIndexes,
  '0013-custody-chain': custodyChain,
  '0014-personal-sign-in-keys': personalSignInKeys,
  '0015-login-links': loginLinks,
  '0016-transporters': transporters,
  '0017-release-assignments': releaseAssignments,
  '0018-gate-checks': gateChecks,
  '0019-secure-pickup-carriers-and-nmot': securePickupCarriersAndNmot,
  '0020-itsme-registration': itsmeRegistration,
  '0021-orders': orders,
  '0023-support-tickets': supportTickets,
  '0024-requests-for-release': requestsForRelease,
  '0025-documents': documents,
  '0026-document-attachments': documentAttachments,
  '0029-dashboard-indexes': dashboardIndexes,
  '0030-pcs': pcs,
  '0031-green-lights': greenLights,
  '0033-coreor-interchanges': coreorInterchanges,
  '0034-webhooks': webhooks,
  '0035-shared-state': sharedState,
  '0036-outbox-lanes': outboxLanes,
  '0037-ledger-log': ledgerLog,
  '0038-identification-salts': identificationSalts,
  '0039-webhook-types-secret-overlap': webhookTypesSecretOverlap,
  '0040-coreor-duplicates': coreorDuplicates,
  '0041-machine-wallet-users': machineWalletUsers,
  '0042-assign-locations': assignLocations,
  '0043-party-sort-keys': partySortKeys,
};

export const migrationSource: Knex.MigrationSource<string> = {
  getMigrations: async () => Object.keys(migrations),
  getMigrationName: (name) => name,
  getMigration: async (name) => {
    const migration = migrations[name];
    if (!migration) throw new Error(`Unknown migration ${name}`);
    return migration;
  },
};
