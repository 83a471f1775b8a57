import type { Middleware } from '@feathersjs/koa';
import { machineWalletUserId, machineWalletUserOf, toLanguage } from '@scr/domain';
import {
  createWalletHandler,
  KnexKeystoreStore,
  WalletOperations,
  type RepeatedFailures,
  type WalletStateStore,
  walletUsersTable,
} from '@scr/wallet';
import type { Knex } from 'knex';
import { recordSignInAddress } from '../auth/sign-in-keys.ts';
import type { Logger } from '../logger.ts';
import { enqueueMail } from '../mail/outbox.ts';
import { walletGuessingMail } from '../mail/wallet-guessing-mail.ts';
import type { SharedStore } from '../shared-state/shared-store.ts';

export const walletPrefix = '/wallet';

export interface CloudWalletOptions {
  /** The portal's shared store: unlocked wallets and the lock-out, seen by every instance. */
  sharedStore: SharedStore;
  scryptN?: number;
  /** Wakes the outbox worker, so the e-mail of repeated failures goes at once. */
  wakeOutbox?: () => void;
}

/**
 * The cloud wallet (DESIGN §3): the wallet's own HTTP contract, mounted at /wallet on the portal's
 * origin, keystores in the portal's database. Organisations with an on-premise wallet never
 * reach it. Unlocked wallets and the unlock lock-out live in the portal's shared store, so a
 * wallet unlocked on one instance works on all (issue 42 items 1 and 2); the keys rest there only
 * wrapped under the token's secret, which only the client holds.
 */
export function cloudWallet(knex: Knex, logger: Logger, options: CloudWalletOptions) {
  const log = logger.child({ component: 'wallet' });
  // The shared store is what the wallet asks of its state, as it is.
  const state: WalletStateStore = options.sharedStore;
  const operations = new WalletOperations({
    store: new KnexKeystoreStore(knex),
    state,
    // Only a user of the unlocked organisation may get a keystore of its key; a machine wallet
    // user only as the portal makes it (`services/machine-wallet-users/`), and never anew.
    mayJoin: async (userId, address, purpose) => {
      const machine = machineWalletUserOf(userId);
      if (machine !== null) {
        return purpose === 'add' && (await machineMayJoin(knex, machine, address));
      }
      return (
        /^\d{1,9}$/.test(userId) &&
        !!(await knex('users as u')
          .join('organizations as o', 'o.id', 'u.organization_id')
          .where({ 'u.id': Number(userId), 'o.address': address })
          .first('u.id'))
      );
    },
    // Where a machine wallet user's unlocked wallets lie, so that revoking it deletes them.
    onUnlock: async (userId, stateKey, expiresAt) => {
      const machine = machineWalletUserOf(userId);
      if (machine !== null) await recordMachineUnlock(knex, machine, stateKey, expiresAt);
    },
    // The portal records each personal sign-in address the cloud wallet makes (DESIGN §3): a new
    // wallet user's, an older user's at its first unlock since (never replacing one), and the
    // new key of a user whose password an admin reset, whose sessions then end.
    onUserKey: async (userId, userAddress, reason) => {
      if (!/^\d{1,9}$/.test(userId)) return;
      await recordSignInAddress(knex, Number(userId), userAddress, {
        onlyIfNone: reason === 'upgraded',
      });
      if (reason === 'reset') {
        await knex('auth_sessions')
          .where({ user_id: Number(userId) })
          .whereNull('revoked_at')
          .update({ revoked_at: knex.fn.now() });
      }
    },
    onRepeatedFailures: async (userId, failures) => {
      if (await mailRepeatedFailures(knex, userId, failures)) options.wakeOutbox?.();
    },
    ...(options.scryptN ? { scryptN: options.scryptN } : {}),
    log: (level, message, detail) => log[level]({ err: detail }, message),
  });
  const handle = createWalletHandler({ operations });
  const middleware: Middleware = async (ctx, next) => {
    if (ctx.path !== walletPrefix && !ctx.path.startsWith(`${walletPrefix}/`)) return next();
    ctx.respond = false;
    ctx.req.url = ctx.req.url!.slice(walletPrefix.length) || '/';
    await handle(ctx.req, ctx.res, ctx.ip);
  };
  return { middleware, operations };
}

/** A machine wallet user not revoked, of the organisation of `address`, without a keystore yet. */
async function machineMayJoin(knex: Knex, id: number, address: string): Promise<boolean> {
  const row = await knex('machine_wallet_users as m')
    .join('organizations as o', 'o.id', 'm.organization_id')
    .where({ 'm.id': id, 'o.address': address })
    .whereNull('m.revoked_at')
    .first('m.id');
  if (!row) return false;
  const keystore = await knex(walletUsersTable)
    .where({ user_id: machineWalletUserId(id) })
    .first('user_id');
  return !keystore;
}

/** Records where a machine wallet user's new unlocked wallet lies, and forgets expired ones. */
async function recordMachineUnlock(knex: Knex, id: number, stateKey: string, expiresAt: number) {
  await knex('machine_wallet_unlocks')
    .where({ machine_wallet_user_id: id })
    .where('expires_at', '<', knex.fn.now())
    .delete();
  await knex('machine_wallet_unlocks').insert({
    state_key: stateKey,
    machine_wallet_user_id: id,
    expires_at: new Date(expiresAt),
  });
  await knex('machine_wallet_users').where({ id }).update({ last_unlocked_at: knex.fn.now() });
}

/** Queues the e-mail of repeated failed unlocks to the user (issue 42 item 2); false if none. */
async function mailRepeatedFailures(
  knex: Knex,
  userId: string,
  failures: RepeatedFailures,
): Promise<boolean> {
  if (!/^\d{1,9}$/.test(userId)) return false;
  const user = await knex('users')
    .where({ id: Number(userId) })
    .first('email', 'first_name', 'preferred_language');
  if (!user?.email) return false;
  await enqueueMail(
    knex,
    walletGuessingMail(user.email, toLanguage(user.preferred_language), {
      name: user.first_name,
      ...failures,
    }),
  );
  return true;
}
