import { getAddress } from 'ethers';
import type { Knex } from 'knex';

/**
 * Records the address of a user's personal sign-in key (DESIGN §3 "Keys and the ID wallet"): the
 * only address `POST /api/authentication` accepts for that user. `onlyIfNone` keeps an address
 * once recorded (a wallet user upgraded at unlock never replaces one). Answers whether it wrote.
 */
export async function recordSignInAddress(
  db: Knex | Knex.Transaction,
  userId: number,
  userAddress: string,
  options: { onlyIfNone?: boolean } = {},
): Promise<boolean> {
  const rows = db('users').where({ id: userId });
  if (options.onlyIfNone) rows.whereNull('sign_in_address');
  const updated = await rows.update({
    sign_in_address: getAddress(userAddress),
    updated_at: db.fn.now(),
  });
  return updated === 1;
}

/** Records the sign-in addresses of wallet users just provisioned with their organisation. */
export async function recordProvisionedUsers(
  db: Knex | Knex.Transaction,
  users: readonly { userId: string; userAddress: string }[],
): Promise<void> {
  for (const user of users) await recordSignInAddress(db, Number(user.userId), user.userAddress);
}
