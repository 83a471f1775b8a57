import { createOrganisationKeys, organisationKeysFrom, type OrganisationKeys } from './keys.ts';
import { sealKeystore, standardScryptN } from './keystore.ts';
import type { KeystoreStore } from './keystore-store.ts';
import type { WalletUserType } from './sessions.ts';

/** A wallet user to create together with an organisation's key. */
export interface InitialWalletUser {
  userId: string;
  password: string;
  type: WalletUserType;
}

/**
 * Gives an organisation its key (a new one unless `privateKey` is given) and wraps it for each
 * initial user. Returns the public halves to publish with the organisation.
 */
export async function provisionOrganisationWallet(options: {
  store: KeystoreStore;
  users: readonly InitialWalletUser[];
  privateKey?: string;
  scryptN?: number;
}): Promise<Omit<OrganisationKeys, 'privateKey'>> {
  const keys = options.privateKey
    ? await organisationKeysFrom(options.privateKey)
    : await createOrganisationKeys();
  for (const user of options.users) {
    const keystore = await sealKeystore(
      keys.privateKey,
      user.password,
      options.scryptN ?? standardScryptN,
    );
    const added = await options.store.insert({
      userId: user.userId,
      type: user.type,
      address: keys.address,
      keystore,
    });
    if (!added) throw new Error(`wallet user ${user.userId} already has a keystore`);
  }
  return { address: keys.address, sealingPublicKey: keys.sealingPublicKey };
}
