import {
  organizationKeysInUseMessage,
  organizationKeysProblem,
  usesCloudWallet,
} from '@scr/domain';
import { walletUsersTable } from '@scr/wallet';
import type { Knex } from 'knex';
import { appError } from '../../errors/app-error.ts';
import {
  revokeMachineWalletUsers,
  type EndedMachineWalletUser,
} from '../machine-wallet-users/revoke-machine-wallet-users.ts';

/** What a PATCH of an organisation says of its wallet and keys. */
export interface KeysChange {
  walletUrl?: string | null | undefined;
  address?: string | undefined;
  sealingPublicKey?: string | undefined;
}

/**
 * README "The standalone ID wallet": support registers the address and sealing public key an
 * organisation's own wallet printed (`npm run wallet -- init`) in the organisation's dialog, in
 * the PATCH's transaction. Both together, for an organisation on its own wallet (domain
 * `organizationKeysProblem`); the same keys again change nothing. New keys are refused (400,
 * `validation.keysInUse`) once the present key has a history, releases or a signed statement,
 * which would no longer verify. Whatever the cloud wallet held of the old key is let go: its keystores, the machine
 * wallet users (answered, to end their wallets after the commit) and the sign-in addresses of
 * its keystores' personal keys, which the organisation's own wallet replaces.
 *
 * Answers the columns to set (none when the keys are not being changed).
 */
export async function registerOrganizationKeys(
  trx: Knex.Transaction,
  organizationId: number,
  change: KeysChange,
  byUserId: number | null,
): Promise<{ columns: Record<string, string>; ended: EndedMachineWalletUser[] }> {
  const none = { columns: {}, ended: [] };
  if (change.address === undefined && change.sealingPublicKey === undefined) return none;
  const current = await trx('organizations')
    .where({ id: organizationId })
    .forUpdate()
    .first('id', 'address', 'sealing_public_key', 'wallet_url');
  if (!current) throw appError('not_found');
  const walletUrl = change.walletUrl !== undefined ? change.walletUrl : current.wallet_url;
  const problem = organizationKeysProblem({ ...change, walletUrl });
  if (problem) {
    throw appError('validation_failed', {
      message: usesCloudWallet(walletUrl)
        ? 'The cloud wallet makes the keys of a cloud-wallet organisation itself.'
        : 'Give both the address and the sealing public key the wallet printed.',
      fields: problem,
    });
  }
  const address = change.address!;
  const sealingPublicKey = change.sealingPublicKey!.trim();
  if (
    address.toLowerCase() === String(current.address).toLowerCase() &&
    sealingPublicKey === current.sealing_public_key
  ) {
    return none;
  }
  if (await hasHistory(trx, organizationId)) {
    throw appError('validation_failed', {
      message: organizationKeysInUseMessage,
      fields: { address: 'validation.keysInUse' },
    });
  }
  const oldKeystores = trx(walletUsersTable).whereRaw('lower(address) = ?', [
    String(current.address).toLowerCase(),
  ]);
  const userIds = (await oldKeystores.clone().pluck('user_id')).filter((id: string) =>
    /^\d{1,9}$/.test(id),
  );
  if (userIds.length > 0) {
    await trx('users')
      .whereIn('id', userIds.map(Number))
      .where({ organization_id: organizationId })
      .update({ sign_in_address: null });
  }
  await oldKeystores.clone().delete();
  const ended = await revokeMachineWalletUsers(trx, { organizationId }, byUserId);
  return { columns: { address, sealing_public_key: sealingPublicKey }, ended };
}

/**
 * Whether the organisation's present key has a history: a party row of any release (active or
 * not). Every statement it signed acted on a release of its chain, where it has a party row, so
 * this one indexed lookup covers them too.
 */
async function hasHistory(trx: Knex.Transaction, organizationId: number) {
  return !!(await trx('release_parties').where({ organization_id: organizationId }).first('id'));
}
