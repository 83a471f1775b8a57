import { normaliseEmail, isEmailAddress, usesCloudWallet } from '@scr/domain';
import {
  createOrganisationKeys,
  KnexKeystoreStore,
  provisionOrganisationWallet,
} from '@scr/wallet';
import type { Knex } from 'knex';
import { recordProvisionedUsers } from '../../auth/sign-in-keys.ts';
import { inTransaction } from '../../db/transaction.ts';
import { appError } from '../../errors/app-error.ts';
import type { OrganizationCreate } from './organizations.schema.ts';

const invalid = (fields: Record<string, string>, message: string) =>
  appError('validation_failed', { message, fields });

/**
 * Creates an organisation with its first admin in one transaction. A cloud-wallet organisation
 * gets fresh keys: the address and sealing key are published with it, and the private key exists
 * only in the keystore of its first admin, under the initial password support passes on. An
 * on-premise organisation brings the address and sealing key its own wallet printed.
 * `options.scryptN`: the keystore's scrypt cost when not production's (createApp's option).
 */
export async function createOrganization(
  knex: Knex,
  data: OrganizationCreate,
  options: { scryptN?: number | undefined } = {},
) {
  const cloud = usesCloudWallet(data.walletUrl);
  const email = normaliseEmail(data.firstAdmin.email);
  if (!isEmailAddress(email)) {
    throw invalid({ 'firstAdmin.email': 'validation.email' }, 'The e-mail address is not valid.');
  }
  if (cloud && !data.firstAdmin.password) {
    throw invalid(
      { 'firstAdmin.password': 'validation.required' },
      'A cloud-wallet organisation needs an initial wallet password for its first admin.',
    );
  }
  if (cloud && (data.address || data.sealingPublicKey)) {
    throw invalid(
      { address: 'validation.cloudWalletKeys' },
      'The cloud wallet makes the keys of a cloud-wallet organisation itself.',
    );
  }
  if (!cloud && (!data.address || !data.sealingPublicKey)) {
    throw invalid(
      {
        ...(data.address ? {} : { address: 'validation.required' }),
        ...(data.sealingPublicKey ? {} : { sealingPublicKey: 'validation.required' }),
      },
      'An on-premise wallet organisation needs the address and sealing key its wallet printed.',
    );
  }
  // Made before the transaction: it is CPU work that must not hold the (PGlite) connection.
  const keys = cloud ? await createOrganisationKeys() : null;
  return inTransaction(knex, async (trx) => {
    const [org] = await trx('organizations')
      .insert({
        name: data.name.trim(),
        role: data.role,
        vat: data.vat ?? null,
        street_nbr: data.streetNbr ?? null,
        postal_code: data.postalCode ?? null,
        city: data.city ?? null,
        country: data.country ?? null,
        wallet_url: cloud ? null : data.walletUrl,
        address: keys?.address ?? data.address,
        sealing_public_key: keys?.sealingPublicKey ?? data.sealingPublicKey,
        invited_by_msc: data.invitedByMsc ?? false,
        is_connected_to_cpoint: data.isConnectedtoCpoint ?? false,
      })
      .returning('id');
    const [admin] = await trx('users')
      .insert({
        email,
        first_name: data.firstAdmin.firstName.trim(),
        last_name: data.firstAdmin.lastName.trim(),
        organization_id: org.id,
        is_admin: true,
        two_factor_auth: data.firstAdmin.twoFactorAuth ?? null,
        preferred_language: data.firstAdmin.preferredLanguage ?? 'en',
      })
      .returning('id');
    if (keys && data.firstAdmin.password) {
      const wallet = await provisionOrganisationWallet({
        store: new KnexKeystoreStore(trx),
        privateKey: keys.privateKey,
        ...(options.scryptN ? { scryptN: options.scryptN } : {}),
        users: [{ userId: String(admin.id), password: data.firstAdmin.password, type: 'admin' }],
      });
      await recordProvisionedUsers(trx, wallet.users);
    }
    return { organizationId: org.id as number, firstAdminId: admin.id as number };
  });
}
