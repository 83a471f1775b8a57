import type { RJSFSchema, ValidatorType } from '@rjsf/utils';
import { createPrecompiledValidator } from '@rjsf/validator-ajv8';
import type { DocumentBody, DocumentTypeDefinition } from '@scr/domain';
import { validateFns as transportOrder } from './transport-order.validators.ts';

type ValidatorFunctions = Parameters<typeof createPrecompiledValidator>[0];

/** Each document type's precompiled validators (generated: `validator-source.ts`). */
export const precompiledValidators: Record<string, ValidatorFunctions> = {
  'transport-order': transportOrder as ValidatorFunctions,
};

const made = new Map<string, ValidatorType<DocumentBody, RJSFSchema>>();

/** The form validator of a document type: its JSON Schema, checked without compiling code. */
export function documentValidator(
  type: DocumentTypeDefinition,
): ValidatorType<DocumentBody, RJSFSchema> {
  let validator = made.get(type.id);
  if (!validator) {
    const functions = precompiledValidators[type.id];
    if (!functions) throw new Error(`No precompiled validators for document type ${type.id}`);
    validator = createPrecompiledValidator<DocumentBody, RJSFSchema>(
      functions,
      type.schema as RJSFSchema,
    );
    made.set(type.id, validator);
  }
  return validator;
}
