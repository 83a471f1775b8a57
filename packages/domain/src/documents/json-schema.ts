/**
 * The part of JSON Schema (draft-07) the document types are written in: enough for the server's
 * ajv, the web's react-jsonschema-form and the walks of `schema-paths.ts`. Loose on purpose:
 * other keywords pass through to both validators untouched.
 */
export interface JsonSchema {
  type?: 'object' | 'array' | 'string' | 'number' | 'integer' | 'boolean';
  title?: string;
  description?: string;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: boolean;
  items?: JsonSchema;
  enum?: readonly (string | number)[];
  format?: string;
  pattern?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  minItems?: number;
  maxItems?: number;
  uniqueItems?: boolean;
  default?: unknown;
  if?: JsonSchema;
  then?: JsonSchema;
  const?: unknown;
  [keyword: string]: unknown;
}

/** A react-jsonschema-form UI schema: layout and widgets per field (`ui:order`, `ui:widget`, …). */
export type UiSchema = { [key: string]: unknown };

/**
 * One titled part of a document's form (the root UI schema's `ui:sections`): the top-level
 * fields it holds, in order. The web lays each out in columns.
 */
export interface DocumentSection {
  key: string;
  fields: readonly string[];
}
