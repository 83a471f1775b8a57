import { usesCloudWallet, type OrganizationRole, type OrganizationView } from '@scr/domain';
import type { FieldErrors } from '../common/field-errors.ts';

/** The organisation's own fields as a form holds them (access spec §3 "Organisation"). */
export interface OrganizationForm {
  name: string;
  role: OrganizationRole;
  vat: string;
  streetNbr: string;
  postalCode: string;
  city: string;
  country: string;
  wallet: 'cloud' | 'onPremise';
  walletUrl: string;
  invitedByMsc: boolean;
  /** A carrier's half of Secure Pick-up (releases spec §6); support sets it when editing. */
  securePickupEnabled: boolean;
}

export const emptyOrganization: OrganizationForm = {
  name: '',
  role: 'other',
  vat: '',
  streetNbr: '',
  postalCode: '',
  city: '',
  country: 'BE',
  wallet: 'cloud',
  walletUrl: '',
  invitedByMsc: false,
  securePickupEnabled: false,
};

export function organizationFormOf(org: OrganizationView): OrganizationForm {
  return {
    name: org.name,
    role: org.role,
    vat: org.vat ?? '',
    streetNbr: org.streetNbr ?? '',
    postalCode: org.postalCode ?? '',
    city: org.city ?? '',
    country: org.country ?? '',
    wallet: usesCloudWallet(org.walletUrl) ? 'cloud' : 'onPremise',
    walletUrl: org.walletUrl ?? '',
    invitedByMsc: org.invitedByMsc ?? false,
    securePickupEnabled: org.securePickupEnabled ?? false,
  };
}

const orNull = (value: string) => value.trim() || null;

/** What the server takes; empty optional fields are sent as null. */
export function organizationBody(form: OrganizationForm) {
  return {
    name: form.name.trim(),
    role: form.role,
    vat: orNull(form.vat),
    streetNbr: orNull(form.streetNbr),
    postalCode: orNull(form.postalCode),
    city: orNull(form.city),
    country: orNull(form.country.toUpperCase()),
    walletUrl: form.wallet === 'cloud' ? null : form.walletUrl.trim(),
    invitedByMsc: form.invitedByMsc,
  };
}

/** The checks the server makes too, so most mistakes show before sending. */
export function organizationProblems(form: OrganizationForm): FieldErrors {
  const problems: FieldErrors = {};
  if (!form.name.trim()) problems.name = 'validation.required';
  if (form.country.trim() && !/^[A-Za-z]{2}$/.test(form.country.trim())) {
    problems.country = 'validation.country';
  }
  if (form.wallet === 'onPremise' && !/^https?:\/\/\S+$/.test(form.walletUrl.trim())) {
    problems.walletUrl = 'validation.url';
  }
  return problems;
}

/**
 * The keys support registers for an organisation on its own wallet (README "The standalone ID
 * wallet"), checked as the server's schema checks them: both, the address as 0x and 40 hex.
 */
export function organizationKeysProblems(keys: {
  address: string;
  sealingPublicKey: string;
}): FieldErrors {
  const problems: FieldErrors = {};
  if (!/^0x[0-9a-fA-F]{40}$/.test(keys.address.trim())) problems.address = 'validation.address';
  if (!keys.sealingPublicKey.trim()) problems.sealingPublicKey = 'validation.required';
  return problems;
}
