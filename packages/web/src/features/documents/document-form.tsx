import type { IChangeEvent } from '@rjsf/core';
import Form from '@rjsf/mui';
import {
  englishStringTranslator,
  ErrorSchemaBuilder,
  TranslatableString,
  type RJSFSchema,
  type RJSFValidationError,
} from '@rjsf/utils';
import {
  documentProblem,
  isDocumentProblemKey,
  problemAt,
  type DocumentBody,
  type DocumentTypeDefinition,
} from '@scr/domain';
import type { TFunction } from 'i18next';
import { useMemo, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import {
  DocumentArrayFieldTemplate,
  DocumentDateWidget,
  DocumentObjectFieldTemplate,
  type DocumentFormContext,
} from './document-form-layout.tsx';
import { problemMessage, translatedUiSchema } from './document-labels.ts';
import { documentValidator } from './validators/index.ts';

/** The form's own words we translate (`documents.form.*`); the rest stays English. */
const formWords: Partial<Record<TranslatableString, string>> = {
  [TranslatableString.AddItemButton]: 'addItem',
  [TranslatableString.AddButton]: 'addItem',
  [TranslatableString.RemoveButton]: 'remove',
  [TranslatableString.MoveUpButton]: 'moveUp',
  [TranslatableString.MoveDownButton]: 'moveDown',
  [TranslatableString.CopyButton]: 'copy',
  [TranslatableString.YesLabel]: 'yes',
  [TranslatableString.NoLabel]: 'no',
  [TranslatableString.ArrayItemTitle]: 'item',
  [TranslatableString.EmptyArray]: 'emptyList',
};

/** Server field problems (`body.{path}` → `documents.validation.{problem}`) as the form's errors. */
function serverErrors(type: DocumentTypeDefinition, fields: Record<string, string>, t: TFunction) {
  const builder = new ErrorSchemaBuilder<DocumentBody>();
  for (const [field, key] of Object.entries(fields)) {
    if (!field.startsWith('body.')) continue;
    const path = field.slice('body.'.length);
    const name = key.split('.').pop() ?? '';
    const problem = problemAt(type.schema, path, isDocumentProblemKey(name) ? name : 'invalid');
    builder.addErrors(problemMessage(type, problem, t), path.split('.'));
  }
  return builder.ErrorSchema;
}

export interface DocumentFormProps {
  type: DocumentTypeDefinition;
  formData: DocumentBody;
  onChange: (body: DocumentBody) => void;
  /** Called with the body once it satisfies the type's JSON Schema. */
  onSubmit: (body: DocumentBody) => void;
  readOnly: boolean;
  /** The field problems of the server's last answer, if it refused the body. */
  serverFields?: Record<string, string>;
  /** The submit button (none when read-only). */
  children?: ReactNode;
}

/** The form's own layout (sections, columns, lists that say what they add) and date field. */
const templates = {
  ObjectFieldTemplate: DocumentObjectFieldTemplate,
  ArrayFieldTemplate: DocumentArrayFieldTemplate,
};
const widgets = { DateWidget: DocumentDateWidget };

/**
 * A document's form (access spec §2 "view/edit screens"), rendered by react-jsonschema-form with
 * its MUI theme from the type's JSON Schema and UI schema, labels and messages in the user's
 * language, validated with the type's precompiled validators (the same schema the server checks).
 * Laid out in the type's sections, in columns at desktop width; dates typed DD/MM/YYYY in the
 * portal's date field, as every other form of the portal.
 */
export function DocumentForm(props: DocumentFormProps) {
  const { t, i18n } = useTranslation();
  const { type } = props;
  const [validated, setValidated] = useState(false);
  // eslint-disable-next-line react-hooks/exhaustive-deps -- rebuilt when the language changes
  const uiSchema = useMemo(() => translatedUiSchema(type, t), [type, t, i18n.language]);
  const extraErrors = useMemo(
    () => (props.serverFields ? serverErrors(type, props.serverFields, t) : undefined),
    [type, props.serverFields, t],
  );
  const transformErrors = (errors: RJSFValidationError[]) =>
    errors.flatMap((error) => {
      const base = (error.property ?? '').replace(/^\./, '');
      const unknown = error.name === 'additionalProperties' ? error.params?.additionalProperty : '';
      const path = [base, unknown].filter(Boolean).join('.');
      const problem = documentProblem(type.schema, path, error.name ?? '');
      if (!problem) return [];
      const message = problemMessage(type, problem, t);
      return [{ ...error, message, stack: message }];
    });
  const translateString = (text: TranslatableString, params?: string[]) => {
    const word = formWords[text];
    return word ? t(`documents.form.${word}`) : englishStringTranslator(text, params);
  };
  return (
    <Form
      schema={type.schema as RJSFSchema}
      // The page names the type already; our own buttons send the form.
      uiSchema={{ ...uiSchema, 'ui:title': '', 'ui:submitButtonOptions': { norender: true } }}
      validator={documentValidator(type)}
      templates={templates}
      widgets={widgets}
      formContext={{ typeKey: type.key } satisfies DocumentFormContext}
      formData={props.formData}
      onChange={(event: IChangeEvent<DocumentBody>) => props.onChange(event.formData ?? {})}
      onSubmit={(event: IChangeEvent<DocumentBody>) => props.onSubmit(event.formData ?? {})}
      onError={() => setValidated(true)}
      liveValidate={validated ? 'onChange' : undefined}
      transformErrors={transformErrors}
      extraErrors={extraErrors}
      translateString={translateString}
      readonly={props.readOnly}
      showErrorList={false}
      noHtml5Validate
      focusOnFirstError
      idPrefix="document"
    >
      {props.children}
    </Form>
  );
}
