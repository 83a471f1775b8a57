/**
 * SCR Premium pricing (access spec §9 "Premium pricing per month"). The order page shows the
 * fee from it and the `orders` service computes the fee it stores from it, so both agree.
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

/**
 * Access spec §9: the price per month in EUR by formula and size. `perLocation` multiplies it by
 * the locations ordered. Single and global are each organisation's own plan; multi covers the
 * organisations of one order together.
 */
export const premiumPrices: Record<
  PremiumFormula,
  { perLocation: boolean; price: Record<OrganisationSize, number> }
> = {
  single: { perLocation: true, price: { small: 19, medium: 49, enterprise: 199 } },
  global: { perLocation: false, price: { small: 49, medium: 129, enterprise: 499 } },
  multi: { perLocation: true, price: { small: 99, medium: 199, enterprise: 599 } },
};

/** Access spec §9: invoices are monthly (the default) or yearly, 12 months invoiced at once. */
export const invoiceFrequencies = ['monthly', 'yearly'] as const;
export type InvoiceFrequency = (typeof invoiceFrequencies)[number];
export const monthsInvoiced: Record<InvoiceFrequency, number> = { monthly: 1, yearly: 12 };

/** What an order costs: each formula's monthly price, the lowest of them, and one invoice. */
export interface PremiumQuote {
  /** The monthly price of each formula for this order, in EUR. */
  formulas: Record<PremiumFormula, number>;
  /** The formula whose price is the fee (the first of single, global, multi on a tie). */
  formula: PremiumFormula;
  /** The fee in EUR per month: the lowest of the three formulas. */
  monthlyFee: number;
  frequency: InvoiceFrequency;
  /** What one invoice asks: the monthly fee, or twelve of them when invoiced yearly. */
  invoiceAmount: number;
}

const rank: Record<OrganisationSize, number> = { small: 0, medium: 1, enterprise: 2 };

/**
 * The size the multi formula charges: the largest organisation's. Access spec §9 says it in so
 * many words for the enterprise case: with more than one organisation and any of them an
 * enterprise, the enterprise rate times the locations.
 */
export function multiSize(sizes: readonly OrganisationSize[]): OrganisationSize {
  if (sizes.length > 1 && sizes.includes('enterprise')) return 'enterprise';
  return sizes.reduce<OrganisationSize>(
    (max, size) => (rank[size] > rank[max] ? size : max),
    'small',
  );
}

/**
 * Access spec §9: the fee of an order for organisations of these sizes and this many locations.
 * Single is each organisation's rate per location, global each organisation's flat rate, multi
 * one rate per location for all of them (`multiSize`); the lowest of the three is the fee, in
 * EUR per month. Needs at least one organisation and one location.
 */
export function premiumQuote(order: {
  sizes: readonly OrganisationSize[];
  locations: number;
  frequency: InvoiceFrequency;
}): PremiumQuote {
  const { sizes, locations, frequency } = order;
  if (sizes.length === 0) throw new RangeError('an order covers at least one organisation');
  if (!Number.isInteger(locations) || locations < 1) {
    throw new RangeError('an order covers at least one location');
  }
  const each = (formula: 'single' | 'global') =>
    sizes.reduce((sum, size) => sum + premiumPrices[formula].price[size], 0) *
    (premiumPrices[formula].perLocation ? locations : 1);
  const formulas: Record<PremiumFormula, number> = {
    single: each('single'),
    global: each('global'),
    multi: premiumPrices.multi.price[multiSize(sizes)] * locations,
  };
  const formula = premiumFormulas.reduce((best, next) =>
    formulas[next] < formulas[best] ? next : best,
  );
  const monthlyFee = formulas[formula];
  return {
    formulas,
    formula,
    monthlyFee,
    frequency,
    invoiceAmount: monthlyFee * monthsInvoiced[frequency],
  };
}
