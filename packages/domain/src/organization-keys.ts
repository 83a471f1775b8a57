import { usesCloudWallet } from './organizations.ts';

/**
 * README "The standalone ID wallet": support registers the address and sealing public key that
 * an organisation's own wallet printed (`npm run wallet -- init`) in the organisation's dialog
 * (`organizations` patch). The field problems of such a change, as message keys of the admin
 * locales, or null: both keys together, and only for an organisation on its own wallet (the cloud
 * wallet makes the keys of its organisations itself).
 */
export function organizationKeysProblem(change: {
  walletUrl: string | null;
  address?: string | undefined;
  sealingPublicKey?: string | undefined;
}): Record<string, string> | null {
  const { address, sealingPublicKey } = change;
  if (address === undefined && sealingPublicKey === undefined) return null;
  if (usesCloudWallet(change.walletUrl)) return { address: 'validation.cloudWalletKeys' };
  if (address === undefined) return { address: 'validation.required' };
  if (sealingPublicKey === undefined) return { sealingPublicKey: 'validation.required' };
  return null;
}

/** The English of a key registration refused because the present key has a history. */
export const organizationKeysInUseMessage =
  "This organisation's key already has a history (releases or signed statements): replacing it would leave that history unverifiable.";
