/**
 * Machine wallet users (README "The API for systems", "How a system signs"): a system of an
 * organisation on the cloud wallet gets a wallet user of its own, holding the organisation key
 * under a secret only the system knows, so that it signs its custody actions as a person's
 * wallet does. The contract of the `machine-wallet-users` service, as the admin section and the
 * server read it.
 */

/** A machine wallet user as listed: never its secret, which is shown once, at creation. */
export interface MachineWalletUserView {
  id: number;
  organizationId: number;
  organizationName: string;
  name: string;
  /** What the system unlocks with: `POST /wallet/unlock {userId: walletUserId, password}`. */
  walletUserId: string;
  /** The API key it belongs to: the key that calls, and whose revocation revokes it too. */
  apiKeyId: number;
  apiKeyName: string;
  apiKeyPrefix: string;
  createdAt: string;
  /** Who made it and who revoked it: the admin log of the section, as API keys keep theirs. */
  createdByName: string | null;
  lastUnlockedAt: string | null;
  revokedAt: string | null;
  revokedByName: string | null;
}

/** The answer to creating one: the only time `secret` is ever shown. */
export interface CreatedMachineWalletUser extends MachineWalletUserView {
  secret: string;
}

/** `machine-wallet-users` create. */
export interface MachineWalletUserCreate {
  /** Support names the organisation; an admin makes them for its own. */
  organizationId?: number;
  name: string;
  apiKeyId: number;
  /**
   * The token of the admin's own unlocked cloud wallet (`POST /wallet/unlock`): only an unlocked
   * admin wallet can wrap the organisation key for another wallet user (README "The standalone
   * ID wallet": one keystore per wallet user, each wrapping the same organisation key).
   */
  walletToken: string;
}
