import type { JsonSchema, UiSchema } from './json-schema.ts';
import { transportOrderSchema, transportOrderUiSchema } from './transport-order.ts';

/**
 * A document type (access spec §3 "Document": documentType id, title, schema, uiSchema): the JSON
 * Schema its body must satisfy (the server checks it with ajv, the web's form with the same
 * schema) and the UI schema the form is laid out by. Defined here, once, for both sides.
 */
export interface DocumentTypeDefinition {
  /** Stable id, stored with every document and sent as `documentTypeId`. */
  id: string;
  /** The English title; the web shows `documents.types.{key}.title`. */
  title: string;
  /** Translation key segment: `documents.types.{key}.title`, `….fields.{path}`. */
  key: string;
  schema: JsonSchema;
  uiSchema: UiSchema;
}

/** Every document type the portal offers, in the order of the "new document" menu. */
export const documentTypes: readonly DocumentTypeDefinition[] = [
  {
    id: 'transport-order',
    title: 'Transport order',
    key: 'transportOrder',
    schema: transportOrderSchema,
    uiSchema: transportOrderUiSchema,
  },
];

/** The document type with this id, or undefined for an unknown one. */
export function documentTypeById(id: string): DocumentTypeDefinition | undefined {
  return documentTypes.find((type) => type.id === id);
}
