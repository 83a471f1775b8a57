/**
 * The ID wallet's contract (DESIGN §3 "wallet contract"): what the wallet answers
 * (`packages/wallet`), as the web's sign-in and custody flows and the journeys that set a chain
 * up through the API read it.
 */

/** What a wallet answers to a successful `POST {wallet}/unlock`. */
export interface WalletUnlockAnswer {
  token: string;
  /** The organisation's address: custody statements are signed by its key. */
  address: string;
  /** The user's personal sign-in key's address: sign-in challenges are issued for it. */
  userAddress: string;
  sealingPublicKey: string;
  expiresAt: string;
}

/** A sealed pincode handed to the wallet, by release address. */
export interface SealedPincode {
  address: string;
  encryptedPincode: string;
}

/** Per release, what the wallet answers: its result, or why not. */
export type WalletItemResult<T> = (T & { address: string }) | { address: string; error: string };
