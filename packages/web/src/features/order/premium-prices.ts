/**
 * SCR Premium prices per month in EUR (access spec §9), by organisation size. A domain rule in
 * waiting: the order form of a later issue computes the fee from it, and then it belongs in
 * `packages/domain` next to the other subscription rules.
 */
export const organisationSizes = ['small', 'medium', 'enterprise'] as const;
export type OrganisationSize = (typeof organisationSizes)[number];

/** Access spec §9: up to 2 users is small, up to 10 medium, above that enterprise. */
export function organisationSize(userCount: number): OrganisationSize {
  if (userCount <= 2) return 'small';
  if (userCount <= 10) return 'medium';
  return 'enterprise';
}

export const premiumFormulas = ['single', 'global', 'multi'] as const;
export type PremiumFormula = (typeof premiumFormulas)[number];

/** Price per month by formula and size; `perLocation` multiplies it by the locations chosen. */
export const premiumPrices: Record<
  PremiumFormula,
  { perLocation: boolean; price: Record<OrganisationSize, number> }
> = {
  single: { perLocation: true, price: { small: 19, medium: 49, enterprise: 199 } },
  global: { perLocation: false, price: { small: 49, medium: 129, enterprise: 499 } },
  multi: { perLocation: true, price: { small: 99, medium: 199, enterprise: 599 } },
};

/** The locations a Premium plan can cover (access spec §9). */
export const premiumLocations = ['BE', 'NL', 'PL', 'GB'] as const;
