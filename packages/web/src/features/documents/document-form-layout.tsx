import AddIcon from '@mui/icons-material/Add';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import {
  getUiOptions,
  type ArrayFieldTemplateProps,
  type ObjectFieldTemplatePropertyType,
  type ObjectFieldTemplateProps,
  type RJSFSchema,
  type WidgetProps,
} from '@rjsf/utils';
import { formatTypedDate, isIsoDate, parseTypedDate, type DocumentSection } from '@scr/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DateField } from '../../ui/date-field.tsx';

/** What the form's templates know of the document type (rjsf's `formContext`). */
export interface DocumentFormContext {
  typeKey: string;
}

/** Columns at desktop width, one on a phone; a wide field takes the whole row. */
const columns = {
  display: 'grid',
  gridTemplateColumns: {
    xs: 'minmax(0, 1fr)',
    md: 'repeat(2, minmax(0, 1fr))',
    lg: 'repeat(3, minmax(0, 1fr))',
  },
  columnGap: 2,
  rowGap: 1,
  alignItems: 'start',
} as const;

/** A field that needs the whole row: a group of fields, a list of entries, a long text. */
function isWide(schema: RJSFSchema, uiSchema: Record<string, unknown> | undefined, name: string) {
  const field = schema.properties?.[name];
  if (typeof field !== 'object') return false;
  const widget = (uiSchema?.[name] as Record<string, unknown> | undefined)?.['ui:widget'];
  const items = field.items;
  return (
    field.type === 'object' ||
    (field.type === 'array' &&
      typeof items === 'object' &&
      !Array.isArray(items) &&
      items.type === 'object') ||
    widget === 'textarea'
  );
}

function Fields({
  properties,
  schema,
  uiSchema,
}: {
  properties: ObjectFieldTemplatePropertyType[];
  schema: RJSFSchema;
  uiSchema: Record<string, unknown> | undefined;
}) {
  return (
    <Box sx={columns}>
      {properties.map((property) =>
        property.hidden ? (
          property.content
        ) : (
          <Box
            key={property.name}
            sx={isWide(schema, uiSchema, property.name) ? { gridColumn: '1 / -1' } : undefined}
          >
            {property.content}
          </Box>
        ),
      )}
    </Box>
  );
}

/**
 * A document's fields (access spec §2 "view/edit screens"): at the root, in the type's titled
 * sections (`ui:sections`); each group of fields in columns at desktop width. A group inside a
 * section takes its title from the section, so it shows none of its own.
 */
export function DocumentObjectFieldTemplate(props: ObjectFieldTemplateProps) {
  const { t } = useTranslation();
  const { typeKey } = props.registry.formContext as DocumentFormContext;
  const uiSchema = props.uiSchema as Record<string, unknown> | undefined;
  const sections = getUiOptions(props.uiSchema).sections as readonly DocumentSection[] | undefined;
  if (props.fieldPathId.path.length > 0 || !sections) {
    return <Fields properties={props.properties} schema={props.schema} uiSchema={uiSchema} />;
  }
  const byName = new Map(props.properties.map((property) => [property.name, property]));
  return (
    <Box sx={{ display: 'grid', rowGap: 3 }}>
      {sections.map((section) => (
        <Box component="section" key={section.key} data-testid={`document-section-${section.key}`}>
          <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600, mb: 1 }}>
            {t(`documents.types.${typeKey}.sections.${section.key}`)}
          </Typography>
          <Fields
            properties={section.fields.flatMap((name) => byName.get(name) ?? [])}
            schema={props.schema}
            uiSchema={uiSchema}
          />
        </Box>
      ))}
    </Box>
  );
}

/**
 * A list of entries (the transport order's containers): what to add, the entries or that there
 * are none yet, and a button that says what it adds. Its section gives its title.
 */
export function DocumentArrayFieldTemplate(props: ArrayFieldTemplateProps) {
  const { t } = useTranslation();
  const { typeKey } = props.registry.formContext as DocumentFormContext;
  const name = String(props.fieldPathId.path.at(-1) ?? '');
  const hint = t(`documents.types.${typeKey}.hints.${name}`, { defaultValue: '' });
  return (
    <Paper variant="outlined" sx={{ p: 2 }} data-testid={`document-list-${name}`}>
      {hint ? (
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
          {hint}
        </Typography>
      ) : null}
      {props.items.length > 0 ? (
        props.items
      ) : (
        <Typography variant="body2" sx={{ mb: 1 }} data-testid={`document-list-${name}-empty`}>
          {t('documents.form.emptyList')}
        </Typography>
      )}
      {props.canAdd && !props.readonly && !props.disabled ? (
        <Button
          startIcon={<AddIcon />}
          variant="outlined"
          onClick={props.onAddClick}
          sx={{ mt: 1 }}
          data-testid={`document-add-${name}`}
        >
          {t(`documents.types.${typeKey}.add.${name}`, {
            defaultValue: t('documents.form.addItem'),
          })}
        </Button>
      ) : null}
    </Paper>
  );
}

/**
 * A date of a document (JSON Schema `format: date`, stored YYYY-MM-DD) in the portal's date
 * field, typed DD/MM/YYYY: what cannot be read as a date is kept as typed, so the schema's check
 * names it.
 */
export function DocumentDateWidget(props: WidgetProps) {
  const stored = typeof props.value === 'string' ? props.value : '';
  const [typed, setTyped] = useState(() => (isIsoDate(stored) ? formatTypedDate(stored) : stored));
  const storedOf = (text: string) => (text.trim() === '' ? '' : (parseTypedDate(text) ?? text));
  // The form's value changed from outside (the server's copy, a reset): show that one.
  const shown =
    storedOf(typed) === stored ? typed : isIsoDate(stored) ? formatTypedDate(stored) : stored;
  return (
    <DateField
      id={props.id}
      size="medium"
      label={props.label}
      required={props.required}
      disabled={props.disabled}
      readOnly={props.readonly}
      fullWidth
      invalid={(props.rawErrors?.length ?? 0) > 0}
      value={shown}
      onChange={(text) => {
        setTyped(text);
        const next = storedOf(text);
        props.onChange(next === '' ? props.options.emptyValue : next);
      }}
      onBlur={() => props.onBlur(props.id, stored)}
    />
  );
}
