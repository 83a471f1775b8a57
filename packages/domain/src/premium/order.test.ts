import { describe, expect, it } from 'vitest';
import {
  flavorPlans,
  orderMessages,
  orderSubscriptionEnd,
  validateOrder,
  type OrderFields,
} from './order.ts';

const own = 7;
const order: OrderFields = {
  organizationIds: [own],
  flavor: 'premium',
  locations: ['BE'],
  invoiceOrganizationId: own,
  invoiceEmail: 'invoices@forwarder.be',
  invoiceFrequency: 'monthly',
  po: null,
  eulaAccepted: true,
};

describe('access spec §5 "Order": what the submit needs', () => {
  it('takes a complete order; the purchase order is optional', () => {
    expect(validateOrder(order, own)).toEqual({});
    expect(validateOrder({ ...order, po: 'PO-2026-17' }, own)).toEqual({});
  });

  it('needs a flavour, a location, an invoice organisation, an invoice e-mail and the EULA accepted', () => {
    expect(
      validateOrder(
        {
          ...order,
          flavor: '',
          locations: [],
          invoiceOrganizationId: null,
          invoiceEmail: ' ',
          eulaAccepted: false,
        },
        own,
      ),
    ).toEqual({
      flavor: 'flavorRequired',
      locations: 'locationsRequired',
      invoiceOrganizationId: 'invoiceOrganizationRequired',
      invoiceEmail: 'invoiceEmailRequired',
      eulaAccepted: 'eulaRequired',
    });
    expect(orderMessages.eulaRequired).toBe('Please accept the EULA');
  });

  it('the frequency is monthly or yearly', () => {
    expect(validateOrder({ ...order, invoiceFrequency: 'yearly' }, own)).toEqual({});
    expect(validateOrder({ ...order, invoiceFrequency: 'weekly' }, own)).toEqual({
      invoiceFrequency: 'invoiceFrequencyInvalid',
    });
  });

  it('the organisation list cannot drop the user’s own organisation', () => {
    expect(
      validateOrder({ ...order, organizationIds: [8], invoiceOrganizationId: 8 }, own),
    ).toEqual({ organizationIds: 'ownOrganizationRequired' });
    expect(validateOrder({ ...order, organizationIds: [8, own] }, own)).toEqual({});
    expect(validateOrder({ ...order, organizationIds: [own, own] }, own)).toEqual({
      organizationIds: 'organizationsInvalid',
    });
  });

  it('invoices one of the ordered organisations', () => {
    expect(validateOrder({ ...order, invoiceOrganizationId: 8 }, own)).toEqual({
      invoiceOrganizationId: 'invoiceOrganizationNotOrdered',
    });
  });

  it('locations are Belgium, Netherlands, Poland and the UK, each once (access spec §9)', () => {
    expect(validateOrder({ ...order, locations: ['BE', 'NL', 'PL', 'GB'] }, own)).toEqual({});
    expect(validateOrder({ ...order, locations: ['FR'] }, own)).toEqual({
      locations: 'locationsInvalid',
    });
    expect(validateOrder({ ...order, locations: ['BE', 'BE'] }, own)).toEqual({
      locations: 'locationsInvalid',
    });
  });

  it('the invoice e-mail must look like an address ("Email is not valid")', () => {
    expect(validateOrder({ ...order, invoiceEmail: 'invoices' }, own)).toEqual({
      invoiceEmail: 'invoiceEmailInvalid',
    });
    expect(orderMessages.invoiceEmailInvalid).toBe('Email is not valid');
  });

  it('a purchase order is short text without control characters', () => {
    expect(validateOrder({ ...order, po: 'x'.repeat(101) }, own)).toEqual({ po: 'poFormat' });
    expect(validateOrder({ ...order, po: 'PO\u0007' }, own)).toEqual({ po: 'poFormat' });
  });
});

describe('access spec §9: an order becomes a subscription', () => {
  it('a flavour is a plan: SCR Premium is plan 4, SCR API plan 3', () => {
    expect(flavorPlans).toEqual({ premium: 4, api: 3 });
  });

  it('a yearly order runs twelve months; a monthly one until cancelled', () => {
    expect(orderSubscriptionEnd('2026-11-24', 'yearly')).toBe('2027-11-23');
    expect(orderSubscriptionEnd('2027-01-01', 'yearly')).toBe('2027-12-31');
    expect(orderSubscriptionEnd('2028-02-29', 'yearly')).toBe('2029-02-28');
    expect(orderSubscriptionEnd('2026-11-24', 'monthly')).toBeNull();
  });
});
