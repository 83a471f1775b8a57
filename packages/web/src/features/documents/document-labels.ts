import {
  documentFormMessage,
  type DocumentProblem,
  type DocumentSection,
  type DocumentTypeDefinition,
  type JsonSchema,
  type UiSchema,
} from '@scr/domain';
import type { TFunction } from 'i18next';
import { formMessageText } from '../../ui/form-message.ts';

/** A field's name, the last segment of its path: names are unique within a type (domain test). */
const nameOf = (path: string) => path.split('.').pop() ?? path;

/** The translation keys of one document type: its title, each field, each choice, each item. */
export const labelKeys = {
  title: (type: DocumentTypeDefinition) => `documents.types.${type.key}.title`,
  field: (type: DocumentTypeDefinition, path: string) =>
    `documents.types.${type.key}.fields.${nameOf(path)}`,
  choice: (type: DocumentTypeDefinition, path: string, value: string | number) =>
    `documents.types.${type.key}.choices.${nameOf(path)}.${value}`,
  item: (type: DocumentTypeDefinition, path: string) =>
    `documents.types.${type.key}.items.${nameOf(path)}`,
  section: (type: DocumentTypeDefinition, key: string) =>
    `documents.types.${type.key}.sections.${key}`,
  /** What a list of entries holds, and its button's words (`document-form-layout.tsx`). */
  hint: (type: DocumentTypeDefinition, path: string) =>
    `documents.types.${type.key}.hints.${nameOf(path)}`,
  add: (type: DocumentTypeDefinition, path: string) =>
    `documents.types.${type.key}.add.${nameOf(path)}`,
};

type Visit = (
  kind: 'field' | 'item' | 'choice',
  path: string,
  value?: string | number,
  ofItems?: boolean,
) => void;

/** Walks a schema's fields (depth first), their array items and their choices. */
function walk(schema: JsonSchema, prefix: string, visit: Visit): void {
  for (const [name, field] of Object.entries(schema.properties ?? {})) {
    const path = prefix ? `${prefix}.${name}` : name;
    visit('field', path);
    for (const value of field.enum ?? []) visit('choice', path, value);
    for (const value of field.items?.enum ?? []) visit('choice', path, value, true);
    if (field.type === 'object') walk(field, path, visit);
    if (field.items?.type === 'object') {
      visit('item', path);
      walk(field.items, path, visit);
    }
  }
}

/**
 * Every translation key a document type's form needs (the locales must have them all): its
 * title, sections, fields and choices, and for each list of entries its item, what it holds and
 * what its button adds.
 */
export function documentTypeLabelKeys(type: DocumentTypeDefinition): string[] {
  const keys = [labelKeys.title(type)];
  const sections = (type.uiSchema['ui:sections'] ?? []) as readonly DocumentSection[];
  for (const section of sections) keys.push(labelKeys.section(type, section.key));
  walk(type.schema, '', (kind, path, value) =>
    keys.push(
      ...(kind === 'choice'
        ? [labelKeys.choice(type, path, value!)]
        : kind === 'item'
          ? [labelKeys.item(type, path), labelKeys.hint(type, path), labelKeys.add(type, path)]
          : [labelKeys.field(type, path)]),
    ),
  );
  return keys;
}

/** The UI node of a dotted path (`containers.containerNumber` → containers → items → …). */
function uiNodeAt(root: UiSchema, schema: JsonSchema, path: string): UiSchema {
  let node = root;
  let field: JsonSchema | undefined = schema;
  for (const segment of path.split('.')) {
    const step = field?.type === 'array' ? 'items' : undefined;
    if (step) {
      node = (node[step] ??= {}) as UiSchema;
      field = field?.items;
    }
    node = (node[segment] ??= {}) as UiSchema;
    field = field?.properties?.[segment];
  }
  return node;
}

/**
 * The type's UI schema with every label and choice in the user's language (`ui:title`,
 * `ui:enumNames`); the domain's schema keeps the English titles the server reports with.
 */
export function translatedUiSchema(type: DocumentTypeDefinition, t: TFunction): UiSchema {
  const ui = structuredClone(type.uiSchema);
  walk(type.schema, '', (kind, path, value, ofItems) => {
    const node = uiNodeAt(ui, type.schema, path);
    if (kind === 'field') node['ui:title'] = t(labelKeys.field(type, path));
    if (kind === 'item') {
      node.items = { ...(node.items as UiSchema), 'ui:title': t(labelKeys.item(type, path)) };
    }
    if (kind === 'choice') {
      const target = ofItems ? ((node.items ??= {}) as UiSchema) : node;
      const names = (target['ui:enumNames'] ?? {}) as Record<string, string>;
      target['ui:enumNames'] = {
        ...names,
        [String(value)]: t(labelKeys.choice(type, path, value!)),
      };
    }
  });
  return ui;
}

/**
 * A problem of a body in the user's language: a field left empty or a text too long with the
 * generic form messages (access spec §5: "Please provide a reference"), the others in their own
 * words ("IMO class must be a whole number").
 */
export function problemMessage(
  type: DocumentTypeDefinition,
  problem: DocumentProblem,
  t: TFunction,
): string {
  const label = t(labelKeys.field(type, problem.labelPath), {
    defaultValue: nameOf(problem.labelPath),
  });
  const generic = documentFormMessage(problem, label);
  if (generic) return formMessageText(t, generic);
  return t(`documents.validation.${problem.problem}`, { label, limit: problem.limit });
}
