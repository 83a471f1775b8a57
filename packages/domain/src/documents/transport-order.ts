import type { DocumentSection, JsonSchema, UiSchema } from './json-schema.ts';

const text = (title: string, maxLength = 100): JsonSchema => ({ type: 'string', title, maxLength });
const days = (title: string): JsonSchema => ({ type: 'integer', title, minimum: 0, maximum: 30 });
const weight = (title: string): JsonSchema => ({
  type: 'number',
  title,
  minimum: 0,
  maximum: 100_000,
});

/** The modes of transport a transport order may ask for (access spec §3 "requested transport modes"). */
export const requestedTransportModes = ['truck', 'barge', 'rail'] as const;

/**
 * The transport order: the document type whose content fields access spec §3 "Document" lists
 * (type, creator, carrier, customer, BL, vessel, ETA, containers, locations, requested transport
 * modes, extra pick-up and turn-in days, dangerous goods and IMO, reefer temperature, weights,
 * packages, client name, reference and VAT, invoice reference, remarks), plus the `reference`
 * every body carries. Titles are the English labels; the web shows
 * `documents.types.transportOrder.fields.{path}` in the user's language.
 */
export const transportOrderSchema: JsonSchema = {
  type: 'object',
  title: 'Transport order',
  required: ['reference', 'type', 'blNumber'],
  additionalProperties: false,
  properties: {
    reference: { ...text('Reference'), minLength: 1 },
    type: { type: 'string', title: 'Type', enum: ['import', 'export'] },
    creator: text('Creator'),
    carrier: text('Carrier'),
    customer: text('Customer'),
    blNumber: { ...text('BL number', 35), minLength: 1, pattern: '^[A-Za-z0-9./_-]+$' },
    vessel: text('Vessel'),
    eta: { type: 'string', title: 'ETA', format: 'date' },
    containers: {
      type: 'array',
      title: 'Containers',
      maxItems: 200,
      items: {
        type: 'object',
        title: 'Container',
        required: ['containerNumber'],
        additionalProperties: false,
        properties: {
          // ISO 6346: four letters (owner code and category) and seven digits.
          containerNumber: {
            type: 'string',
            title: 'Container number',
            pattern: '^[A-Za-z]{4}[0-9]{7}$',
          },
          containerType: text('Container type', 10),
        },
      },
    },
    locations: {
      type: 'object',
      title: 'Locations',
      additionalProperties: false,
      properties: {
        pickUp: text('Pick-up location'),
        turnIn: text('Turn-in location'),
        alternative: text('Alternative location'),
      },
    },
    transportModes: {
      type: 'array',
      title: 'Requested transport modes',
      uniqueItems: true,
      items: { type: 'string', enum: [...requestedTransportModes] },
    },
    extraPickUpDays: days('Extra pick-up days'),
    extraTurnInDays: days('Extra turn-in days'),
    dangerousGoods: { type: 'boolean', title: 'Dangerous goods' },
    // The IMO hazard class: 1 to 9, with a division where the class has them (2.1, 6.1, …).
    imoClass: { type: 'string', title: 'IMO class', pattern: '^[1-9](\\.[1-6])?$' },
    reeferTemperature: {
      type: 'number',
      title: 'Reefer temperature (°C)',
      minimum: -40,
      maximum: 40,
    },
    grossWeight: weight('Gross weight (kg)'),
    netWeight: weight('Net weight (kg)'),
    packages: { type: 'integer', title: 'Packages', minimum: 0, maximum: 100_000 },
    clientName: text('Client name'),
    clientReference: text('Client reference'),
    clientVat: {
      type: 'string',
      title: 'Client VAT number',
      pattern: '^[A-Za-z]{2}[0-9A-Za-z. -]{2,16}$',
    },
    invoiceReference: text('Invoice reference'),
    remarks: text('Remarks', 2000),
  },
  // Dangerous goods need their IMO class.
  if: { properties: { dangerousGoods: { const: true } }, required: ['dangerousGoods'] },
  then: { required: ['imoClass'] },
};

/**
 * The transport order's sections, in the order of the paper form: each names its fields, and
 * together they hold every field once (the web shows `documents.types.transportOrder.sections.{key}`
 * as each section's title).
 */
export const transportOrderSections: readonly DocumentSection[] = [
  { key: 'order', fields: ['reference', 'type', 'creator', 'carrier', 'customer'] },
  { key: 'shipment', fields: ['blNumber', 'vessel', 'eta'] },
  { key: 'containers', fields: ['containers'] },
  { key: 'locations', fields: ['locations'] },
  { key: 'transport', fields: ['transportModes', 'extraPickUpDays', 'extraTurnInDays'] },
  {
    key: 'cargo',
    fields: [
      'dangerousGoods',
      'imoClass',
      'reeferTemperature',
      'grossWeight',
      'netWeight',
      'packages',
    ],
  },
  {
    key: 'client',
    fields: ['clientName', 'clientReference', 'clientVat', 'invoiceReference', 'remarks'],
  },
];

/** Layout of the transport order's form: its sections, in the order of the paper form. */
export const transportOrderUiSchema: UiSchema = {
  'ui:order': transportOrderSections.flatMap((section) => section.fields),
  'ui:sections': transportOrderSections,
  type: { 'ui:widget': 'radio', 'ui:options': { inline: true } },
  eta: { 'ui:widget': 'date' },
  transportModes: { 'ui:widget': 'checkboxes', 'ui:options': { inline: true } },
  remarks: { 'ui:widget': 'textarea', 'ui:options': { rows: 3 } },
};
