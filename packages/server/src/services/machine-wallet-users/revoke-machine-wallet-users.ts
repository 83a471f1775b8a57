import { machineWalletUserId } from '@scr/domain';
import { KnexKeystoreStore } from '@scr/wallet';
import type { Knex } from 'knex';
import type { Application } from '../../declarations.ts';
import { recordUserAction } from '../../user-audit/record-user-action.ts';

/** A revoked machine wallet user whose unlocked wallets are to end once the change commits. */
export interface EndedMachineWalletUser {
  walletUserId: string;
  /** Where its unlocked wallets lie in the shared store, as the cloud wallet recorded them. */
  stateKeys: string[];
}

/**
 * Revokes machine wallet users (README "The API for systems"), by id, every one of an API key
 * being revoked, or every one of an organisation whose key is replaced, in the caller's
 * transaction: each is marked revoked by `byUserId` (the row stays, for the record), its
 * keystore is deleted from the cloud wallet's table, so its secret opens nothing any more, and
 * the places of its unlocked wallets are taken for `endMachineWallets`,
 * which the caller runs after the commit. Each revocation is in the user audit trail.
 */
export async function revokeMachineWalletUsers(
  trx: Knex.Transaction,
  which: { id: number } | { apiKeyId: number } | { organizationId: number },
  byUserId: number | null,
): Promise<EndedMachineWalletUser[]> {
  const rows: { id: number; organization_id: number; name: string; api_key_id: number }[] =
    await trx('machine_wallet_users')
      .where(
        'id' in which
          ? { id: which.id }
          : 'apiKeyId' in which
            ? { api_key_id: which.apiKeyId }
            : { organization_id: which.organizationId },
      )
      .whereNull('revoked_at')
      .forUpdate()
      .select('id', 'organization_id', 'name', 'api_key_id');
  const store = new KnexKeystoreStore(trx);
  const ended: EndedMachineWalletUser[] = [];
  for (const row of rows) {
    await trx('machine_wallet_users')
      .where({ id: row.id })
      .update({ revoked_at: trx.fn.now(), revoked_by_user_id: byUserId });
    const walletUserId = machineWalletUserId(row.id);
    await store.remove(walletUserId);
    const stateKeys: string[] = await trx('machine_wallet_unlocks')
      .where({ machine_wallet_user_id: row.id })
      .pluck('state_key');
    await trx('machine_wallet_unlocks').where({ machine_wallet_user_id: row.id }).delete();
    if (byUserId !== null) {
      await recordUserAction(trx, {
        organizationId: row.organization_id,
        userId: byUserId,
        operation: 'revoke machine wallet user',
        description: { machineWalletUserId: row.id, name: row.name, apiKeyId: row.api_key_id },
      });
    }
    ended.push({ walletUserId, stateKeys });
  }
  return ended;
}

/**
 * After the commit: the revoked users' unlocked wallets end on every instance (those recorded
 * are deleted, any other refused: the wallet's `endUser`).
 */
export async function endMachineWallets(
  app: Application,
  ended: readonly EndedMachineWalletUser[],
): Promise<void> {
  for (const { walletUserId, stateKeys } of ended) {
    await app.get('cloudWallet').endUser(walletUserId, stateKeys);
  }
}
