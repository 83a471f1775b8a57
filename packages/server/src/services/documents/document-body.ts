import { Ajv } from '@feathersjs/schema';
import {
  ajvErrorPath,
  documentProblem,
  englishProblem,
  isIsoDate,
  type DocumentBody,
  type DocumentProblem,
  type DocumentTypeDefinition,
} from '@scr/domain';
import { appError } from '../../errors/app-error.ts';

/**
 * As the web's precompiled validators: a `date` is the domain's `isIsoDate` (and a length counts
 * characters, ajv's default and the domain's `ucs2length`), so both sides agree on every body.
 */
const ajv = new Ajv({ allErrors: true }).addFormat('date', isIsoDate);
type ValidateFunction = ReturnType<typeof ajv.compile>;
/**
 * One compiled validator per document type. The types are constants of the domain, so this
 * holds nothing one app could leave to another.
 */
const validators = new Map<string, ValidateFunction>();

function validatorOf(type: DocumentTypeDefinition): ValidateFunction {
  let validate = validators.get(type.id);
  if (!validate) {
    validate = ajv.compile(type.schema);
    validators.set(type.id, validate);
  }
  return validate;
}

/**
 * Checks a (cleaned) body against its type's JSON Schema, the same schema the web's form
 * validates with. A failure answers 400 validation_failed: per field (`body.{path}`) the
 * translation key `documents.validation.{problem}`, and an English message naming each problem.
 */
export function assertValidBody(type: DocumentTypeDefinition, body: DocumentBody): void {
  const validate = validatorOf(type);
  if (validate(body)) return;
  const problems = new Map<string, DocumentProblem>();
  for (const error of validate.errors ?? []) {
    const problem = documentProblem(type.schema, ajvErrorPath(error), error.keyword);
    if (problem && !problems.has(problem.path)) problems.set(problem.path, problem);
  }
  const list = [...problems.values()];
  throw appError('validation_failed', {
    message: list.map((problem) => englishProblem(type.schema, problem)).join('; '),
    fields: Object.fromEntries(
      list.map((problem) => [`body.${problem.path}`, `documents.validation.${problem.problem}`]),
    ),
  });
}
