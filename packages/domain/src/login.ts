import type { OrganizationRole } from './organizations.ts';

/** Access spec §5: the e-mail is lowercased and trimmed before the lookup. */
export function normaliseEmail(email: string): string {
  return email.trim().toLowerCase();
}

/** A loose but honest e-mail check for forms ("Email is not valid", access spec §5). */
export function isEmailAddress(value: string): boolean {
  return /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(value.trim());
}

/** One user of a find-user answer (access spec §7), with the organisation it belongs to. */
export interface FoundUser {
  id: number;
  email: string;
  isAdmin: boolean;
  twoFactorAuth: TwoFactorMode | null;
  organization: {
    name: string;
    address: string;
    role: OrganizationRole;
    walletUrl: string | null;
    isDisabled?: boolean;
  };
}

/** The find-user answer: total, isLimitedToOrgId and the matching users. */
export interface FindUserResult {
  total: number;
  isLimitedToOrgId: boolean;
  data: FoundUser[];
}

/** An option of the organisation selector on the login screen. */
export interface OrganisationOption {
  name: string;
  address: string;
  isDisabled: boolean;
}

/** Access spec §5: organisation options are sorted by name, case-insensitively. */
export function organisationOptions(result: FindUserResult): OrganisationOption[] {
  return result.data
    .map(({ organization }) => ({
      name: organization.name,
      address: organization.address,
      isDisabled: organization.isDisabled ?? false,
    }))
    .sort((a, b) => a.name.localeCompare(b.name, undefined, { sensitivity: 'base' }));
}

/**
 * Access spec §4 "Login flow": a single result's organisation is preselected, unless the result
 * is limited to an organisation id and the role is not carrier. Answers the address or null.
 */
export function preselectedOrganisation(result: FindUserResult): string | null {
  if (result.data.length !== 1) return null;
  const [user] = result.data as [FoundUser];
  if (result.isLimitedToOrgId && user.organization.role !== 'carrier') return null;
  return user.organization.address;
}

/** The user of the chosen organisation; null is "Could not determine your organization" (§5). */
export function userForOrganisation(
  result: FindUserResult,
  address: string | null,
): FoundUser | null {
  if (!address) return null;
  return result.data.find((user) => user.organization.address === address) ?? null;
}

/** twoFactorAuth modes: `email` sends a 6-digit code by e-mail (access spec §2 "Two-factor"). */
export const twoFactorModes = ['email'] as const;
export type TwoFactorMode = (typeof twoFactorModes)[number];

/** Access spec §5 and §9: a two-factor code is exactly 6 digits. */
export function isTwoFactorCode(value: string): boolean {
  return /^\d{6}$/.test(value.trim());
}
