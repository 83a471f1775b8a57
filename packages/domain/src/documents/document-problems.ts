import { formMessageText, noMoreThan, required, type FormMessage } from '../forms/form-messages.ts';
import type { JsonSchema } from './json-schema.ts';

/**
 * The problems a document body can have against its type's JSON Schema, as translation keys
 * under `documents.validation.` (English here). `{{label}}` is the field's label, `{{limit}}`
 * the bound the schema sets. The server answers them per field, the web's form shows them.
 */
export const documentProblemMessages = {
  // Said with the generic form templates (documentFormMessage).
  required: 'Please provide a/an {{label}}',
  integer: '{{label}} must be a whole number',
  number: '{{label}} must be a number',
  type: '{{label}} has the wrong kind of value',
  format: '{{label}} is not a valid date',
  pattern: '{{label}} is not in the expected format',
  maxLength: 'Please enter no more than {{limit}} characters',
  minimum: '{{label}} is at least {{limit}}',
  maximum: '{{label}} is at most {{limit}}',
  maxItems: '{{label}} has at most {{limit}} entries',
  uniqueItems: '{{label}} lists a choice twice',
  enum: '{{label}} is not one of the choices',
  additionalProperties: '{{label}} is not a field of this document',
  invalid: '{{label}} is not valid',
} as const;
export type DocumentProblemKey = keyof typeof documentProblemMessages;

/** One problem of a body: where (dotted path, `containers.0.containerNumber`) and what. */
export interface DocumentProblem {
  path: string;
  /** The path without item numbers (`containers.containerNumber`): where its label is found. */
  labelPath: string;
  problem: DocumentProblemKey;
  /** The schema's bound for maxLength, minimum, maximum, maxItems. */
  limit?: number;
}

/** The sub-schema at a dotted path of the body; numbers step into array items. */
export function schemaAt(schema: JsonSchema, path: string): JsonSchema | undefined {
  let current: JsonSchema | undefined = schema;
  for (const segment of path.split('.').filter(Boolean)) {
    if (!current) return undefined;
    current = /^\d+$/.test(segment) ? current.items : current.properties?.[segment];
  }
  return current;
}

/** A dotted path without its item numbers (`containers.0.containerNumber` → `containers.containerNumber`). */
export function labelPathOf(path: string): string {
  return path
    .split('.')
    .filter((segment) => segment !== '' && !/^\d+$/.test(segment))
    .join('.');
}

const bounded: Partial<Record<DocumentProblemKey, keyof JsonSchema>> = {
  maxLength: 'maxLength',
  minimum: 'minimum',
  maximum: 'maximum',
  maxItems: 'maxItems',
};

/** A problem at a path, with the label path and the schema's bound it names (if any). */
export function problemAt(
  schema: JsonSchema,
  path: string,
  problem: DocumentProblemKey,
): DocumentProblem {
  const found: DocumentProblem = { path, labelPath: labelPathOf(path), problem };
  const bound = bounded[problem];
  const field = schemaAt(schema, path);
  if (bound && typeof field?.[bound] === 'number') found.limit = field[bound] as number;
  return found;
}

/**
 * What a JSON Schema keyword's failure at a path means for the user, or null for keywords that
 * only repeat another error (`if`: its `then` already reported the missing field). An empty
 * required text (minLength 1) reads as required; a wrong type names the expected number.
 */
export function documentProblem(
  schema: JsonSchema,
  path: string,
  keyword: string,
): DocumentProblem | null {
  if (keyword === 'if') return null;
  const field = schemaAt(schema, path);
  let problem: DocumentProblemKey = isDocumentProblemKey(keyword) ? keyword : 'invalid';
  if (keyword === 'minLength' || keyword === 'minItems') problem = 'required';
  if (keyword === 'type' && (field?.type === 'integer' || field?.type === 'number'))
    problem = field.type;
  return problemAt(schema, path, problem);
}

/** Narrows a keyword or a key's last segment to a problem this catalogue names. */
export function isDocumentProblemKey(value: string): value is DocumentProblemKey {
  return Object.hasOwn(documentProblemMessages, value);
}

/**
 * The dotted path an ajv error is about: its instance path, plus the missing or unknown
 * property for `required` and `additionalProperties` (ajv reports those at the parent).
 */
export function ajvErrorPath(error: {
  instancePath: string;
  params?: Record<string, unknown>;
}): string {
  const base = error.instancePath.split('/').filter(Boolean).join('.');
  const child = error.params?.missingProperty ?? error.params?.additionalProperty;
  return [base, typeof child === 'string' ? child : ''].filter(Boolean).join('.');
}

/** The English label of a field: its schema title, else its own name. */
export function englishLabel(schema: JsonSchema, path: string): string {
  const field = schemaAt(schema, path);
  return field?.title ?? path.split('.').pop() ?? path;
}

/**
 * Releases spec §5, access spec §5 "Generic form messages": a field left empty and a text too
 * long are said with the forms' templates, naming the field's label ("Please provide a
 * Reference", "Please enter no more than 35 characters"); null for the other problems, which
 * keep their own messages.
 */
export function documentFormMessage(problem: DocumentProblem, label: string): FormMessage | null {
  if (problem.problem === 'required') return required({ text: label });
  if (problem.problem === 'maxLength' && problem.limit !== undefined) {
    return noMoreThan(problem.limit, 'characters');
  }
  return null;
}

/** One problem in English, for machine clients (`Please provide a Reference`). */
export function englishProblem(schema: JsonSchema, problem: DocumentProblem): string {
  const generic = documentFormMessage(problem, englishLabel(schema, problem.path));
  if (generic) return formMessageText(generic);
  return documentProblemMessages[problem.problem]
    .replace('{{label}}', englishLabel(schema, problem.path))
    .replace('{{limit}}', String(problem.limit ?? ''));
}

/** The paths of every field of a schema (`containers`, `containers.containerNumber`, …), for labels. */
export function schemaFieldPaths(schema: JsonSchema, prefix = ''): string[] {
  const nested = schema.type === 'array' && schema.items ? schema.items : schema;
  return Object.entries(nested.properties ?? {}).flatMap(([name, field]) => {
    const path = prefix ? `${prefix}.${name}` : name;
    return [path, ...schemaFieldPaths(field, path)];
  });
}
