import { Wallet } from 'ethers';
import {
  createOrganisationKeys,
  organisationKeysFrom,
  randomWallet,
  type OrganisationKeys,
} from './keys.ts';
import { sealKeystore, standardScryptN } from './keystore.ts';
import type { KeystoreStore, WalletUserRecord } from './keystore-store.ts';
import type { WalletUserType } from './sessions.ts';

/** A wallet user to create together with an organisation's key. */
export interface InitialWalletUser {
  userId: string;
  password: string;
  type: WalletUserType;
}

/** A wallet user as made: the address of its personal sign-in key, to record with the portal. */
export interface ProvisionedWalletUser {
  userId: string;
  userAddress: string;
}

/**
 * One wallet user's record (DESIGN §3 "Keys and the ID wallet"): the organisation key wrapped
 * under the user's password, and a new personal sign-in key of the user's own, wrapped under the
 * same password.
 */
export async function newWalletUserRecord(
  organisationPrivateKey: string,
  user: InitialWalletUser,
  scryptN: number = standardScryptN,
): Promise<WalletUserRecord> {
  const personal = randomWallet();
  const [keystore, userKeystore] = await Promise.all([
    sealKeystore(organisationPrivateKey, user.password, scryptN),
    sealKeystore(personal.privateKey, user.password, scryptN),
  ]);
  return {
    userId: user.userId,
    type: user.type,
    address: new Wallet(organisationPrivateKey).address,
    keystore,
    userAddress: personal.address,
    userKeystore,
  };
}

/**
 * Gives an organisation its key (a new one unless `privateKey` is given) and makes each initial
 * wallet user. Returns the public halves to publish with the organisation, and each user's
 * sign-in address to record with the portal.
 */
export async function provisionOrganisationWallet(options: {
  store: KeystoreStore;
  users: readonly InitialWalletUser[];
  privateKey?: string;
  scryptN?: number;
}): Promise<Omit<OrganisationKeys, 'privateKey'> & { users: ProvisionedWalletUser[] }> {
  const keys = options.privateKey
    ? await organisationKeysFrom(options.privateKey)
    : await createOrganisationKeys();
  const users: ProvisionedWalletUser[] = [];
  for (const user of options.users) {
    const record = await newWalletUserRecord(keys.privateKey, user, options.scryptN);
    if (!(await options.store.insert(record))) {
      throw new Error(`wallet user ${user.userId} already has a keystore`);
    }
    users.push({ userId: user.userId, userAddress: record.userAddress! });
  }
  return { address: keys.address, sealingPublicKey: keys.sealingPublicKey, users };
}
