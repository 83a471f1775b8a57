import { describe, expect, it } from 'vitest';
import {
  multiSize,
  organisationSize,
  organisationSizes,
  premiumPrices,
  premiumQuote,
  type OrganisationSize,
} from './pricing.ts';

describe('access spec §9 "Premium pricing": size by user count', () => {
  it.each([
    [0, 'small'],
    [1, 'small'],
    [2, 'small'],
    [3, 'medium'],
    [10, 'medium'],
    [11, 'enterprise'],
    [250, 'enterprise'],
  ] as const)(
    'counts %i users as %s (up to 2 small, up to 10 medium, above enterprise)',
    (users, size) => {
      expect(organisationSize(users)).toBe(size);
    },
  );
});

describe('access spec §9 "Premium pricing": every size × formula, per month in EUR', () => {
  const rates: Record<OrganisationSize, [single: number, global: number, multi: number]> = {
    small: [19, 49, 99],
    medium: [49, 129, 199],
    enterprise: [199, 499, 599],
  };

  it('keeps the spec price table', () => {
    for (const size of organisationSizes) {
      const [single, global, multi] = rates[size];
      expect(premiumPrices.single.price[size]).toBe(single);
      expect(premiumPrices.global.price[size]).toBe(global);
      expect(premiumPrices.multi.price[size]).toBe(multi);
    }
  });

  it.each(
    organisationSizes.flatMap((size) =>
      [1, 2, 3, 4].map((locations) => [size, locations] as const),
    ),
  )(
    'a %s organisation, %i location(s): single per location, global flat, multi per location; the lowest is the fee',
    (size, locations) => {
      const [single, global, multi] = rates[size];
      const quote = premiumQuote({ sizes: [size], locations, frequency: 'monthly' });
      expect(quote.formulas).toEqual({
        single: single * locations,
        global,
        multi: multi * locations,
      });
      expect(quote.monthlyFee).toBe(Math.min(single * locations, global, multi * locations));
      expect(quote.formulas[quote.formula]).toBe(quote.monthlyFee);
    },
  );

  it('picks single for few locations and global once it is cheaper', () => {
    expect(premiumQuote({ sizes: ['small'], locations: 2, frequency: 'monthly' })).toMatchObject({
      formula: 'single',
      monthlyFee: 38,
    });
    expect(premiumQuote({ sizes: ['small'], locations: 3, frequency: 'monthly' })).toMatchObject({
      formula: 'global',
      monthlyFee: 49,
    });
    expect(
      premiumQuote({ sizes: ['enterprise'], locations: 2, frequency: 'monthly' }),
    ).toMatchObject({
      formula: 'single',
      monthlyFee: 398,
    });
    expect(
      premiumQuote({ sizes: ['enterprise'], locations: 3, frequency: 'monthly' }),
    ).toMatchObject({
      formula: 'global',
      monthlyFee: 499,
    });
  });

  it('several organisations: single and global add up per organisation, multi covers them together', () => {
    const sizes: OrganisationSize[] = ['small', 'small', 'small', 'small', 'small', 'small'];
    const quote = premiumQuote({ sizes, locations: 1, frequency: 'monthly' });
    expect(quote.formulas).toEqual({ single: 6 * 19, global: 6 * 49, multi: 99 });
    expect(quote).toMatchObject({ formula: 'multi', monthlyFee: 99 });
    const mixed = premiumQuote({
      sizes: ['small', 'medium', 'medium'],
      locations: 2,
      frequency: 'monthly',
    });
    expect(mixed.formulas).toEqual({
      single: (19 + 49 + 49) * 2,
      global: 49 + 129 + 129,
      multi: 199 * 2,
    });
    expect(mixed).toMatchObject({ formula: 'single', monthlyFee: 234 });
  });
});

describe('access spec §9 "Premium pricing": the enterprise multi rule', () => {
  it('charges the enterprise rate times the locations when more than one organisation and any is enterprise', () => {
    expect(multiSize(['small', 'enterprise'])).toBe('enterprise');
    const quote = premiumQuote({
      sizes: ['small', 'enterprise'],
      locations: 2,
      frequency: 'monthly',
    });
    expect(quote.formulas.multi).toBe(599 * 2);
    const many = premiumQuote({
      sizes: ['enterprise', 'enterprise', 'enterprise', 'small'],
      locations: 1,
      frequency: 'monthly',
    });
    expect(many.formulas).toEqual({ single: 3 * 199 + 19, global: 3 * 499 + 49, multi: 599 });
    expect(many).toMatchObject({ formula: 'multi', monthlyFee: 599 });
  });

  it('a single enterprise organisation keeps its own size, and without an enterprise the largest size counts', () => {
    expect(multiSize(['enterprise'])).toBe('enterprise');
    expect(multiSize(['small', 'small'])).toBe('small');
    expect(multiSize(['small', 'medium'])).toBe('medium');
  });
});

describe('access spec §9 "Invoice frequency": monthly by default, yearly invoices 12 months at once', () => {
  it('a monthly invoice asks the monthly fee', () => {
    expect(premiumQuote({ sizes: ['medium'], locations: 1, frequency: 'monthly' })).toMatchObject({
      monthlyFee: 49,
      frequency: 'monthly',
      invoiceAmount: 49,
    });
  });

  it('a yearly invoice asks twelve months of the fee', () => {
    expect(premiumQuote({ sizes: ['medium'], locations: 1, frequency: 'yearly' })).toMatchObject({
      monthlyFee: 49,
      frequency: 'yearly',
      invoiceAmount: 588,
    });
    expect(
      premiumQuote({ sizes: ['small', 'enterprise'], locations: 4, frequency: 'yearly' })
        .invoiceAmount,
    ).toBe((49 + 499) * 12);
  });
});

describe('a quote needs an organisation and a location', () => {
  it('refuses an order of nothing', () => {
    expect(() => premiumQuote({ sizes: [], locations: 1, frequency: 'monthly' })).toThrow(
      RangeError,
    );
    expect(() => premiumQuote({ sizes: ['small'], locations: 0, frequency: 'monthly' })).toThrow(
      RangeError,
    );
  });
});
