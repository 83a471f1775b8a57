import { usesCloudWallet } from './organizations.ts';

/**
 * Machine wallet users (README "The API for systems", "How a system signs"): the rules the
 * server enforces and the admin section shows before it asks.
 *
 * Each belongs to one API key, rather than standing alone. A wallet user signs for the
 * organisation but cannot call the portal; the key calls the portal but signs nothing. Only the
 * two together let a system act on custody, so they are one system's two credentials: the
 * admin picks the key the system already has, the section lists the pair, and revoking the key
 * revokes its wallet user too. An admin who cuts a system off cannot forget half of it, and a
 * wallet user nobody uses any more cannot outlive the key it was made for.
 */

/** The wallet user id of machine wallet user `id`: ids of people are numbers, never this. */
export function machineWalletUserId(id: number): string {
  return `machine-${id}`;
}

/** The machine wallet user a wallet user id names, or null for a person's (or any other) id. */
export function machineWalletUserOf(walletUserId: string): number | null {
  const match = /^machine-([1-9]\d{0,9})$/.exec(walletUserId);
  const id = match ? Number(match[1]) : NaN;
  return Number.isSafeInteger(id) && id <= 2_147_483_647 ? id : null;
}

/** The most characters of a machine wallet user's name. */
export const machineWalletUserNameLength = 100;

/** What the rules need to know of the API key a machine wallet user would belong to. */
export interface MachineKeyFacts {
  organizationId: number;
  revoked: boolean;
  scopes: readonly string[];
  /** Whether a machine wallet user not yet revoked belongs to it already. */
  linked: boolean;
}

/** Why a machine wallet user cannot be made: the field and its message key (admin locales). */
export type MachineWalletUserProblem =
  | { field: 'organizationId'; key: 'machineUsers.validation.cloudOnly' }
  | { field: 'apiKeyId'; key: 'machineUsers.validation.keyNotFound' }
  | { field: 'apiKeyId'; key: 'machineUsers.validation.keyNeedsCustody' }
  | { field: 'apiKeyId'; key: 'machineUsers.validation.keyTaken' };

/** The English of each problem, for machines reading the API's answer. */
export const machineWalletUserMessages: Record<MachineWalletUserProblem['key'], string> = {
  'machineUsers.validation.cloudOnly':
    'Only an organisation on the cloud wallet has machine wallet users; a standalone wallet adds its own.',
  'machineUsers.validation.keyNotFound': 'Choose an active API key of this organisation.',
  'machineUsers.validation.keyNeedsCustody':
    'The API key needs the custody:write scope: the wallet user signs only what it sends.',
  'machineUsers.validation.keyTaken': 'This API key already has a machine wallet user.',
};

/**
 * Whether organisation `organizationId` (with its wallet URL) may give a machine wallet user to
 * the API key `key` (undefined when there is none by that id): only on the cloud wallet (an
 * organisation's own wallet adds its users itself), for an active key of the same organisation
 * with `custody:write`, one machine wallet user per key. Null when it may.
 */
export function machineWalletUserProblem(
  organization: { id: number; walletUrl: string | null },
  key: MachineKeyFacts | undefined,
): MachineWalletUserProblem | null {
  if (!usesCloudWallet(organization.walletUrl)) {
    return { field: 'organizationId', key: 'machineUsers.validation.cloudOnly' };
  }
  if (!key || key.revoked || key.organizationId !== organization.id) {
    return { field: 'apiKeyId', key: 'machineUsers.validation.keyNotFound' };
  }
  if (!key.scopes.includes('custody:write')) {
    return { field: 'apiKeyId', key: 'machineUsers.validation.keyNeedsCustody' };
  }
  if (key.linked) return { field: 'apiKeyId', key: 'machineUsers.validation.keyTaken' };
  return null;
}
