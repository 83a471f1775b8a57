import type { OrganizationRole } from './organizations.ts';

/** Access spec §5: the e-mail is lowercased and trimmed before the lookup. */
export function normaliseEmail(email: string): string {
  return email.trim().toLowerCase();
}

/** Control and format characters (NUL, line breaks, zero-width marks) and lone surrogates. */
const invisible =
  /[\p{Cc}\p{Cf}]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/u;

/** The longest address a mail system carries (RFC 5321 path limit). */
export const maxEmailLength = 254;

/**
 * Issue 9 §3: the address a find-user lookup, and its per-e-mail limit, is keyed on: normalised
 * (§5), so `%20Forwarder@…` and `forwarder@…` are one key; null when it is no e-mail address or
 * carries invisible characters (NUL, control or zero-width marks), which are refused, not stripped.
 */
export function lookupEmail(input: unknown): string | null {
  if (typeof input !== 'string') return null;
  const email = normaliseEmail(input);
  if (email.length > maxEmailLength || invisible.test(email) || !isEmailAddress(email)) {
    return null;
  }
  return email;
}

/** A loose but honest e-mail check for forms ("Email is not valid", access spec §5). */
export function isEmailAddress(value: string): boolean {
  return /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(value.trim());
}

/**
 * One user of a find-user answer (access spec §7), with the organisation it belongs to: only what
 * the login screen needs (issue 9 §3), since anyone may ask. Admin flag and two-factor mode come
 * with the signed-in user, not before.
 */
export interface FoundUser {
  id: number;
  /** The address looked up, or for a login link the one the link signs in. */
  email: string;
  organization: {
    name: string;
    address: string;
    role: OrganizationRole;
    walletUrl: string | null;
    isDisabled?: boolean;
  };
}

/**
 * The find-user answer: total, isLimitedToOrgId (true for a login link, which answers its one
 * user) and the matching users.
 */
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

/** Access spec §9 "2FA code: 6 digits". */
export const twoFactorCodeLength = 6;

/** Access spec §5 and §9: a two-factor code is exactly 6 digits. */
export function isTwoFactorCode(value: string): boolean {
  return new RegExp(`^\\d{${twoFactorCodeLength}}$`).test(value.trim());
}
