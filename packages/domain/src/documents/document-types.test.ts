import { describe, expect, it } from 'vitest';
import { documentSearchTerm, documentSearchText } from './document-search.ts';
import { documentTypeById, documentTypes } from './document-types.ts';
import { schemaFieldPaths } from './document-problems.ts';
import { cleanDocumentBody } from './document-body.ts';
import { ucs2length } from './text-length.ts';
import type { DocumentSection } from './json-schema.ts';

describe('access spec §3 "Document": the document types', () => {
  it('offers the transport order with every content field the spec lists', () => {
    const type = documentTypeById('transport-order');
    expect(type?.title).toBe('Transport order');
    const fields = schemaFieldPaths(type!.schema);
    // type, creator, carrier, customer, BL, vessel, ETA, containers, locations (pick-up, turn-in,
    // alternative), requested transport modes, extra pick-up and turn-in days, dangerous goods
    // and IMO, reefer temperature, weights, packages, client name, reference, VAT, invoice
    // reference, remarks; and the body's reference.
    for (const field of [
      'reference',
      'type',
      'creator',
      'carrier',
      'customer',
      'blNumber',
      'vessel',
      'eta',
      'containers',
      'locations.pickUp',
      'locations.turnIn',
      'locations.alternative',
      'transportModes',
      'extraPickUpDays',
      'extraTurnInDays',
      'dangerousGoods',
      'imoClass',
      'reeferTemperature',
      'grossWeight',
      'netWeight',
      'packages',
      'clientName',
      'clientReference',
      'clientVat',
      'invoiceReference',
      'remarks',
    ])
      expect(fields).toContain(field);
    expect(type!.schema.required).toContain('reference');
  });

  it('gives every type a unique id and key, and lays out every top-level field', () => {
    expect(new Set(documentTypes.map((t) => t.id)).size).toBe(documentTypes.length);
    expect(new Set(documentTypes.map((t) => t.key)).size).toBe(documentTypes.length);
    for (const type of documentTypes)
      expect(type.uiSchema['ui:order']).toEqual(Object.keys(type.schema.properties ?? {}));
    expect(documentTypeById('nope')).toBeUndefined();
  });

  it('lays every top-level field out in exactly one titled section, in the order of the form', () => {
    for (const type of documentTypes) {
      const sections = type.uiSchema['ui:sections'] as DocumentSection[];
      expect(new Set(sections.map((section) => section.key)).size).toBe(sections.length);
      expect(sections.flatMap((section) => section.fields)).toEqual(type.uiSchema['ui:order']);
      expect(sections.every((section) => section.fields.length > 0)).toBe(true);
    }
  });
});

describe('access spec §5 "Document text search is case-insensitive substring"', () => {
  it('searches the lowercased values of the body, nested ones too, never its keys', () => {
    const text = documentSearchText({
      reference: 'TO-Antwerp-7',
      containers: [{ containerNumber: 'MSCU1234567' }],
      packages: 12,
      dangerousGoods: false,
    });
    expect(text).toContain('to-antwerp-7');
    expect(text).toContain('mscu1234567');
    expect(text).toContain('12');
    expect(text).not.toContain('reference');
    expect(text.includes(documentSearchTerm('  ANTWERP '))).toBe(true);
    expect(documentSearchTerm(undefined)).toBe('');
  });
});

describe('a document body as it is checked and stored', () => {
  it('trims texts and leaves out what is empty, so a reference of spaces is missing', () => {
    expect(
      cleanDocumentBody({
        reference: '   ',
        vessel: ' MSC Anna ',
        locations: { pickUp: '', turnIn: null },
        containers: [{ containerNumber: ' MSCU1234567 ', containerType: '' }],
        packages: 0,
        dangerousGoods: false,
      }),
    ).toEqual({
      vessel: 'MSC Anna',
      containers: [{ containerNumber: 'MSCU1234567' }],
      packages: 0,
      dangerousGoods: false,
    });
  });
});

describe('document type labels', () => {
  it('names every field of a type once, so its label is found by its name', () => {
    for (const type of documentTypes) {
      const names = schemaFieldPaths(type.schema).map((path) => path.split('.').pop());
      expect(new Set(names).size, type.id).toBe(names.length);
    }
  });
});

describe('text length as JSON Schema counts it', () => {
  it('counts characters, a surrogate pair as one', () => {
    expect(ucs2length('abc')).toBe(3);
    expect(ucs2length('🚢 ship')).toBe(6);
    expect(ucs2length('')).toBe(0);
  });
});
