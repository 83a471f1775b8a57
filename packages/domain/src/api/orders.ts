import type { IsoDate } from '../dates.ts';
import type { OrganizationRole } from '../organizations.ts';
import type {
  InvoiceFrequency,
  OrganisationSize,
  PremiumFlavor,
  PremiumFormula,
  PremiumLocation,
} from '../premium/index.ts';

/**
 * The Premium order contract (access spec §3 "Premium order", §7 "Order and organisations"):
 * the order page's organisation lookup, the `orders` service's create, and support's list and
 * conversion into subscriptions. The server's typebox schemas are checked against the request
 * shapes (`assertSameType`); the web reads the answers.
 */

/**
 * An organisation as the order page sees it: `GET organizations?field=` (name or VAT) or
 * `?address=…&countUsers=true`. `size` is what the price needs of its user count (access §9);
 * `premiumEndDate` the end of its current paid Premium plan, which the start date follows (§4).
 */
export interface OrderOrganization {
  id: number;
  name: string;
  address: string;
  role: OrganizationRole;
  vat: string | null;
  city: string | null;
  country: string | null;
  size: OrganisationSize;
  premiumEndDate: IsoDate | null;
}

/**
 * `orders` create, as sent. Typed loosely (a flavour is any text, the invoice organisation may
 * be missing) so that the server answers each field with its access spec §5 message (domain
 * `validateOrder`) instead of a bare schema error. `fee` is the monthly fee the orderer was
 * shown: the server computes its own and refuses the order (409 `order_fee_changed`) when they
 * differ.
 */
export interface OrderCreate {
  organizationIds: number[];
  flavor: string;
  locations: string[];
  invoiceOrganizationId: number | null;
  invoiceEmail: string;
  invoiceFrequency: string;
  po?: string | null;
  eulaAccepted: boolean;
  fee: number;
}

/** An order's life: new until support converts it into subscriptions or cancels it. */
export const orderStatuses = ['new', 'converted', 'cancelled'] as const;
export type OrderStatus = (typeof orderStatuses)[number];

/** One organisation of an order, as it was when ordered. */
export interface OrderedOrganization {
  id: number;
  name: string;
  vat: string | null;
  size: OrganisationSize;
}

/** An order as its orderer gets it back and support lists it. */
export interface OrderView {
  id: number;
  status: OrderStatus;
  organizations: OrderedOrganization[];
  flavor: PremiumFlavor;
  locations: PremiumLocation[];
  /** The formula whose price is the fee, the lowest of the three (access spec §9). */
  formula: PremiumFormula;
  /** EUR per month. */
  monthlyFee: number;
  invoiceFrequency: InvoiceFrequency;
  /** EUR per invoice: the monthly fee, or twelve months of it when yearly. */
  invoiceAmount: number;
  invoiceOrganization: { id: number; name: string };
  invoiceEmail: string;
  po: string | null;
  startDate: IsoDate;
  orderedBy: { userId: number; email: string; name: string; organizationName: string };
  createdAt: string;
  /** When support converted or cancelled it. */
  handledAt: string | null;
  /** The subscriptions the conversion made (one per organisation). */
  subscriptionIds: number[];
}

/** `orders` patch, support only: convert the order into subscriptions, or cancel it. */
export interface OrderPatch {
  status: 'converted' | 'cancelled';
}

/** `orders` find, support only: newest first, optionally by status. */
export interface OrderQuery {
  status?: OrderStatus;
  $limit?: number;
  $skip?: number;
}
