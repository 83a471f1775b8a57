import { addDays, type IsoDate } from '../dates.ts';
import {
  emailInvalid,
  formMessageTexts,
  required,
  type FormMessage,
} from '../forms/form-messages.ts';
import { isCleanText } from '../text.ts';
import { emailLooksValid } from '../transporters/validation.ts';
import { invoiceFrequencies, type InvoiceFrequency } from './pricing.ts';

/**
 * What an organisation orders (access spec §3 "Premium order" `flavor`), with the plan
 * (access spec §4 "Subscription access", §9) support gives it when the order becomes a
 * subscription: SCR Premium (plan 4), or SCR API (plan 3), Premium with an API for the
 * organisation's own systems.
 */
export const premiumFlavors = ['premium', 'api'] as const;
export type PremiumFlavor = (typeof premiumFlavors)[number];
export const flavorPlans: Record<PremiumFlavor, 3 | 4> = { premium: 4, api: 3 };

/** The paid SCR plans whose end an order starts after (access spec §4 "Premium order"). */
export const paidPremiumPlanIds: readonly number[] = Object.values(flavorPlans);

/**
 * Access spec §9: the locations a Premium plan covers, as ISO 3166 codes: Belgium, the
 * Netherlands, Poland and the UK (GB).
 */
export const premiumLocations = ['BE', 'NL', 'PL', 'GB'] as const;
export type PremiumLocation = (typeof premiumLocations)[number];

/** The most organisations one order covers. */
export const maxOrderOrganizations = 20;
/** The longest purchase order number or invoice e-mail an order keeps. */
export const maxOrderTextLength = 100;

/**
 * Access spec §5 "Order": the messages said with the generic form templates (§5 "Generic form
 * messages"), by their keys under `order.validation.`.
 */
export const orderFormMessages = {
  flavorRequired: required('flavour'),
  invoiceOrganizationRequired: required('invoiceOrganization'),
  invoiceEmailRequired: required('invoiceEmail'),
  invoiceEmailInvalid: emailInvalid(),
} as const satisfies Record<string, FormMessage>;

/**
 * Access spec §5 "Order": the messages, as translation keys under `order.validation.` (the form
 * shows them, the server answers them per field), in English.
 */
export const orderMessages = {
  ...formMessageTexts(orderFormMessages),
  ownOrganizationRequired: 'Your own organisation cannot be left out of the order',
  organizationsInvalid: 'Choose at most 20 organisations, each once',
  organizationUnknown: 'One of the organisations does not exist',
  locationsRequired: 'Please choose at least one location',
  locationsInvalid: 'Choose among Belgium, Netherlands, Poland and the UK, each once',
  invoiceOrganizationNotOrdered: 'The organisation to invoice must be one of the ordered ones',
  invoiceFrequencyInvalid: 'Invoices are monthly or yearly',
  poFormat: 'At most 100 characters, without control characters',
  eulaRequired: 'Please accept the EULA',
} as const;
export type OrderMessage = keyof typeof orderMessages;

/** Field → message key; empty when the order may be sent. */
export type OrderErrors = Partial<Record<string, OrderMessage>>;

/** An order as the form holds it and the `orders` service receives it (before it is checked). */
export interface OrderFields {
  organizationIds: readonly number[];
  flavor: string;
  locations: readonly string[];
  invoiceOrganizationId: number | null;
  invoiceEmail: string;
  invoiceFrequency: string;
  po?: string | null;
  eulaAccepted: boolean;
}

const isOneOf = <T extends string>(list: readonly T[], value: string): value is T =>
  (list as readonly string[]).includes(value);
const distinct = (values: readonly unknown[]) => new Set(values).size === values.length;

function organizationErrors(order: OrderFields, ownOrganizationId: number): OrderErrors {
  const { organizationIds: ids, invoiceOrganizationId: invoiced } = order;
  const errors: OrderErrors = {};
  if (!ids.includes(ownOrganizationId)) errors.organizationIds = 'ownOrganizationRequired';
  else if (ids.length > maxOrderOrganizations || !distinct(ids)) {
    errors.organizationIds = 'organizationsInvalid';
  }
  if (invoiced === null) errors.invoiceOrganizationId = 'invoiceOrganizationRequired';
  else if (!ids.includes(invoiced)) errors.invoiceOrganizationId = 'invoiceOrganizationNotOrdered';
  return errors;
}

/**
 * Access spec §5 "Order": sent only with a flavour, at least one location, an invoice
 * organisation, an invoice e-mail and the EULA accepted; the frequency is monthly or yearly; the
 * purchase order is optional; the organisation list never drops the user's own organisation.
 */
export function validateOrder(order: OrderFields, ownOrganizationId: number): OrderErrors {
  const errors = organizationErrors(order, ownOrganizationId);
  if (!isOneOf(premiumFlavors, order.flavor)) errors.flavor = 'flavorRequired';
  if (order.locations.length === 0) errors.locations = 'locationsRequired';
  else if (
    !order.locations.every((l) => isOneOf(premiumLocations, l)) ||
    !distinct(order.locations)
  ) {
    errors.locations = 'locationsInvalid';
  }
  const email = order.invoiceEmail.trim();
  if (email === '') errors.invoiceEmail = 'invoiceEmailRequired';
  else if (!emailLooksValid(email)) errors.invoiceEmail = 'invoiceEmailInvalid';
  if (!isOneOf(invoiceFrequencies, order.invoiceFrequency)) {
    errors.invoiceFrequency = 'invoiceFrequencyInvalid';
  }
  const po = order.po?.trim() ?? '';
  if (po.length > maxOrderTextLength || !isCleanText(po) || /\p{C}/u.test(po))
    errors.po = 'poFormat';
  if (order.eulaAccepted !== true) errors.eulaAccepted = 'eulaRequired';
  return errors;
}

/**
 * The end of the subscription an order becomes (access spec §9 invoicing): a yearly order runs
 * twelve months, to the day before the same date a year on; a monthly one runs until cancelled.
 */
export function orderSubscriptionEnd(start: IsoDate, frequency: InvoiceFrequency): IsoDate | null {
  if (frequency === 'monthly') return null;
  const [year, month, day] = start.split('-');
  // 29 February a year on is 1 March (a year of 365 days), so the year ends on 28 February.
  const sameDay = `${Number(year) + 1}-${month}-${day}`;
  const anniversary = month === '02' && day === '29' ? `${Number(year) + 1}-03-01` : sameDay;
  return addDays(anniversary, -1);
}
