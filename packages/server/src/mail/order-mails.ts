import { formatTypedDate, type Language, type OrderView } from '@scr/domain';
import type { MailMessage } from './mail-transport.ts';

/** The words of an order e-mail in one language. */
interface OrderWords {
  subject: (id: number) => string;
  greeting: (name: string) => string;
  thanks: string;
  organizations: string;
  flavor: string;
  flavors: Record<OrderView['flavor'], string>;
  locations: string;
  formula: string;
  formulas: Record<OrderView['formula'], string>;
  fee: string;
  perMonth: string;
  invoicing: string;
  frequencies: Record<OrderView['invoiceFrequency'], string>;
  invoiceTo: string;
  po: string;
  start: string;
  closing: string;
}

const flavors = { premium: 'SCR Premium', api: 'SCR API' };

const words: Record<Language, OrderWords> = {
  en: {
    subject: (id) => `Your SCR Premium order ${id}`,
    greeting: (name) => `Hello ${name},`,
    thanks: 'Thank you for your order. Our support desk will confirm it and start your plan.',
    organizations: 'Organisations',
    flavor: 'Plan',
    flavors,
    locations: 'Locations',
    formula: 'Formula',
    formulas: { single: 'Single', global: 'Global', multi: 'Multi' },
    fee: 'Fee',
    perMonth: 'per month',
    invoicing: 'Invoicing',
    frequencies: { monthly: 'monthly', yearly: 'yearly (12 months at once)' },
    invoiceTo: 'Invoice to',
    po: 'Purchase order',
    start: 'Start date',
    closing: 'Kind regards,\nSecure Container Release',
  },
  fr: {
    subject: (id) => `Votre commande SCR Premium ${id}`,
    greeting: (name) => `Bonjour ${name},`,
    thanks:
      'Merci pour votre commande. Notre service d’assistance la confirmera et activera votre formule.',
    organizations: 'Organisations',
    flavor: 'Formule',
    flavors,
    locations: 'Lieux',
    formula: 'Tarif',
    formulas: { single: 'Single', global: 'Global', multi: 'Multi' },
    fee: 'Prix',
    perMonth: 'par mois',
    invoicing: 'Facturation',
    frequencies: { monthly: 'mensuelle', yearly: 'annuelle (12 mois en une fois)' },
    invoiceTo: 'Facture à',
    po: 'Bon de commande',
    start: 'Date de début',
    closing: 'Cordialement,\nSecure Container Release',
  },
  nl: {
    subject: (id) => `Uw bestelling SCR Premium ${id}`,
    greeting: (name) => `Hallo ${name},`,
    thanks: 'Bedankt voor uw bestelling. Onze helpdesk bevestigt ze en start uw abonnement.',
    organizations: 'Organisaties',
    flavor: 'Abonnement',
    flavors,
    locations: 'Locaties',
    formula: 'Formule',
    formulas: { single: 'Single', global: 'Global', multi: 'Multi' },
    fee: 'Prijs',
    perMonth: 'per maand',
    invoicing: 'Facturatie',
    frequencies: { monthly: 'maandelijks', yearly: 'jaarlijks (12 maanden in één keer)' },
    invoiceTo: 'Factuur aan',
    po: 'Bestelbon',
    start: 'Startdatum',
    closing: 'Met vriendelijke groeten,\nSecure Container Release',
  },
  de: {
    subject: (id) => `Ihre SCR-Premium-Bestellung ${id}`,
    greeting: (name) => `Hallo ${name},`,
    thanks:
      'Vielen Dank für Ihre Bestellung. Unser Support bestätigt sie und startet Ihr Abonnement.',
    organizations: 'Organisationen',
    flavor: 'Abonnement',
    flavors,
    locations: 'Standorte',
    formula: 'Tarif',
    formulas: { single: 'Single', global: 'Global', multi: 'Multi' },
    fee: 'Preis',
    perMonth: 'pro Monat',
    invoicing: 'Rechnungsstellung',
    frequencies: { monthly: 'monatlich', yearly: 'jährlich (12 Monate auf einmal)' },
    invoiceTo: 'Rechnung an',
    po: 'Bestellnummer',
    start: 'Beginn',
    closing: 'Mit freundlichen Grüßen\nSecure Container Release',
  },
  it: {
    subject: (id) => `Il suo ordine SCR Premium ${id}`,
    greeting: (name) => `Buongiorno ${name},`,
    thanks:
      'Grazie per il suo ordine. Il nostro servizio di assistenza lo confermerà e attiverà il piano.',
    organizations: 'Organizzazioni',
    flavor: 'Piano',
    flavors,
    locations: 'Località',
    formula: 'Formula',
    formulas: { single: 'Single', global: 'Global', multi: 'Multi' },
    fee: 'Prezzo',
    perMonth: 'al mese',
    invoicing: 'Fatturazione',
    frequencies: { monthly: 'mensile', yearly: 'annuale (12 mesi in una volta)' },
    invoiceTo: 'Fattura a',
    po: 'Ordine d’acquisto',
    start: 'Data di inizio',
    closing: 'Cordiali saluti,\nSecure Container Release',
  },
};

/** The order's facts, one `label: value` line each, in one language. */
function orderLines(order: OrderView, language: Language): string {
  const w = words[language];
  const euro = new Intl.NumberFormat(language, { style: 'currency', currency: 'EUR' });
  const regions = new Intl.DisplayNames([language], { type: 'region' });
  const organizations = order.organizations
    .map((org) => (org.vat ? `${org.name} (${org.vat})` : org.name))
    .join(', ');
  const invoice = `${euro.format(order.invoiceAmount)}, ${w.frequencies[order.invoiceFrequency]}`;
  return [
    [w.organizations, organizations],
    [w.flavor, w.flavors[order.flavor]],
    [w.locations, order.locations.map((code) => regions.of(code) ?? code).join(', ')],
    [w.formula, w.formulas[order.formula]],
    [w.fee, `${euro.format(order.monthlyFee)} ${w.perMonth}`],
    [w.invoicing, invoice],
    [w.invoiceTo, `${order.invoiceOrganization.name}, ${order.invoiceEmail}`],
    ...(order.po ? [[w.po, order.po]] : []),
    [w.start, formatTypedDate(order.startDate)],
  ]
    .map(([label, value]) => `${label}: ${value}`)
    .join('\n');
}

/** Access spec §3 "Premium order": the confirmation to the orderer, in the orderer's language. */
export function orderConfirmationMail(
  to: string,
  language: Language,
  order: OrderView,
): MailMessage {
  const w = words[language] ?? words.en;
  const lang = words[language] ? language : 'en';
  return {
    to,
    subject: w.subject(order.id),
    text: `${w.greeting(order.orderedBy.name)}\n\n${w.thanks}\n\n${orderLines(order, lang)}\n\n${w.closing}\n`,
  };
}

/** The order for the support desk (SUPPORT_EMAIL), in English, with who ordered it. */
export function orderForSupportMail(to: string, order: OrderView): MailMessage {
  const by = order.orderedBy;
  return {
    to,
    replyTo: by.email,
    subject: `New SCR Premium order ${order.id} from ${by.organizationName}`,
    text: `A new SCR Premium order arrived. Turn it into subscriptions under Administration → Orders.\n\nOrdered by: ${by.name} <${by.email}>, ${by.organizationName}\n${orderLines(order, 'en')}\n`,
  };
}
