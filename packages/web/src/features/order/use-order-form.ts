import {
  premiumQuote,
  premiumStartDate,
  todayInBrussels,
  validateOrder,
  type InvoiceFrequency,
  type OrderCreate,
  type OrderErrors,
  type OrderOrganization,
  type PremiumFlavor,
  type PremiumLocation,
  type PremiumQuote,
} from '@scr/domain';
import { useMemo, useState } from 'react';

/** What the order form holds (access spec §2 "Order page", §3 "Premium order"). */
export interface OrderFormValues {
  /** The ordered organisations, the user's own first; it cannot be removed (§5). */
  organizations: OrderOrganization[];
  flavor: PremiumFlavor | '';
  locations: PremiumLocation[];
  invoiceOrganizationId: number | null;
  invoiceEmail: string;
  invoiceFrequency: InvoiceFrequency;
  po: string;
  eulaAccepted: boolean;
}

/** The order as it is sent, with the fee the page shows. */
export function orderBody(values: OrderFormValues, fee: number): OrderCreate {
  return {
    organizationIds: values.organizations.map((org) => org.id),
    flavor: values.flavor,
    locations: values.locations,
    invoiceOrganizationId: values.invoiceOrganizationId,
    invoiceEmail: values.invoiceEmail.trim(),
    invoiceFrequency: values.invoiceFrequency,
    po: values.po.trim() || null,
    eulaAccepted: values.eulaAccepted,
    fee,
  };
}

export interface OrderForm {
  values: OrderFormValues;
  set: (changes: Partial<OrderFormValues>) => void;
  /** Replaces the organisations (when their sizes were read again), keeping their order. */
  refresh: (fresh: OrderOrganization[]) => void;
  addOrganization: (org: OrderOrganization) => void;
  removeOrganization: (id: number) => void;
  /** Access spec §5 "Order" problems (domain `validateOrder`): submit is enabled without any. */
  errors: OrderErrors;
  /** Access spec §9: the fee, once there is a location to price. */
  quote: PremiumQuote | null;
  /** Access spec §4 "Premium order": when Premium would start. */
  startDate: string;
}

/**
 * The order form's state and everything the domain derives from it: the §5 problems, the §9
 * fee (sizes of the ordered organisations, locations, frequency) and the §4 start date (after
 * the own organisation's current Premium end).
 */
export function useOrderForm(own: OrderOrganization, email: string): OrderForm {
  const [values, setValues] = useState<OrderFormValues>({
    organizations: [own],
    flavor: '',
    locations: [],
    invoiceOrganizationId: own.id,
    invoiceEmail: email,
    invoiceFrequency: 'monthly',
    po: '',
    eulaAccepted: false,
  });
  const set = (changes: Partial<OrderFormValues>) => setValues((v) => ({ ...v, ...changes }));
  const derived = useMemo(() => {
    const { organizations, locations, invoiceFrequency } = values;
    const fields = { ...orderBody(values, 0), organizationIds: organizations.map((o) => o.id) };
    return {
      errors: validateOrder(fields, own.id),
      quote:
        locations.length > 0
          ? premiumQuote({
              sizes: organizations.map((org) => org.size),
              locations: locations.length,
              frequency: invoiceFrequency,
            })
          : null,
      // The user's own organisation's current Premium end (access spec §4 "Premium order").
      startDate: premiumStartDate(todayInBrussels(), organizations[0]!.premiumEndDate),
    };
  }, [values, own.id]);
  return {
    values,
    set,
    refresh: (fresh) =>
      setValues((v) => ({
        ...v,
        organizations: v.organizations.map((org) => fresh.find((f) => f.id === org.id) ?? org),
      })),
    addOrganization: (org) =>
      setValues((v) =>
        v.organizations.some((o) => o.id === org.id)
          ? v
          : { ...v, organizations: [...v.organizations, org] },
      ),
    removeOrganization: (id) =>
      setValues((v) =>
        id === own.id
          ? v
          : {
              ...v,
              organizations: v.organizations.filter((o) => o.id !== id),
              invoiceOrganizationId:
                v.invoiceOrganizationId === id ? own.id : v.invoiceOrganizationId,
            },
      ),
    ...derived,
  };
}
