import type { Middleware } from '@feathersjs/koa';
import { createWalletHandler, KnexKeystoreStore, WalletOperations } from '@scr/wallet';
import type { Knex } from 'knex';
import { recordSignInAddress } from '../auth/sign-in-keys.ts';
import type { Logger } from '../logger.ts';

export const walletPrefix = '/wallet';

/**
 * The cloud wallet (DESIGN §3): the wallet's own HTTP contract, mounted at /wallet on the portal's
 * origin, keystores in the portal's database. Organisations with an on-premise wallet never
 * reach it. Unlocked keys stay in this process's memory only.
 */
export function cloudWallet(knex: Knex, logger: Logger, scryptN?: number) {
  const log = logger.child({ component: 'wallet' });
  const operations = new WalletOperations({
    store: new KnexKeystoreStore(knex),
    // Only a user of the unlocked organisation may get a keystore of its key.
    mayJoin: async (userId, address) =>
      /^\d{1,9}$/.test(userId) &&
      !!(await knex('users as u')
        .join('organizations as o', 'o.id', 'u.organization_id')
        .where({ 'u.id': Number(userId), 'o.address': address })
        .first('u.id')),
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
    ...(scryptN ? { scryptN } : {}),
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
