/** An organisation's role (access spec §3 `organizationRole`). */
export const organizationRoles = ['carrier', 'terminal', 'other'] as const;

export type OrganizationRole = (typeof organizationRoles)[number];

/** Whether a wallet URL designates the cloud wallet on the portal's own origin (DESIGN §3). */
export function usesCloudWallet(walletUrl: string | null | undefined): boolean {
  return walletUrl == null || walletUrl === '' || walletUrl === '0';
}
