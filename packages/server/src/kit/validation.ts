import { BadRequest } from '@feathersjs/errors';
import { addFormats, Ajv, hooks as schemaHooks } from '@feathersjs/schema';
import { getValidator, type TObject } from '@feathersjs/typebox';
import type { HookContext, NextFunction } from '../declarations.ts';
import { appError } from '../errors/app-error.ts';

/** Bodies are taken as sent; query strings arrive as text, so queries are coerced. */
const dataAjv = addFormats(new Ajv({ allErrors: true }), ['date']);
const queryAjv = addFormats(new Ajv({ allErrors: true, coerceTypes: true }), ['date']);

type Validator = ReturnType<typeof getValidator>;
const compiled = new Map<Ajv, WeakMap<TObject, Validator>>([
  [dataAjv, new WeakMap()],
  [queryAjv, new WeakMap()],
]);

/**
 * The schema's validator, compiled once per process: `getValidator` compiles a new copy on each
 * call (ajv's own cache misses it), which took a tenth of the CPU of each app start and each
 * `validated` call.
 */
function validatorOf(schema: TObject, ajv: Ajv): Validator {
  const cache = compiled.get(ajv)!;
  let validator = cache.get(schema);
  if (!validator) {
    validator = getValidator(schema, ajv);
    cache.set(schema, validator);
  }
  return validator;
}

/**
 * Around hook validating `context.data` against a TypeBox schema (`additionalProperties: false`);
 * a failure answers 400 validation_failed with the field keys (errors/map-error.ts). The body is
 * one object: Feathers would validate an array item by item and hand the method an array it
 * does not expect (issue 9 §7).
 */
export function validateBody(schema: TObject) {
  const validate = schemaHooks.validateData(validatorOf(schema, dataAjv));
  return async (context: HookContext, next: NextFunction) => {
    if (typeof context.data !== 'object' || context.data === null || Array.isArray(context.data))
      throw appError('validation_failed', { fields: { _: 'validation.type' } });
    return validate(context, next);
  };
}

/** Around hook validating (and coercing) `params.query`. */
export function validateQuery(schema: TObject) {
  return schemaHooks.validateQuery(validatorOf(schema, queryAjv));
}

/** Validates a value in a service method, when the schema depends on who asks. */
export async function validated<T>(schema: TObject, data: unknown): Promise<T> {
  try {
    return (await validatorOf(schema, dataAjv)(data)) as T;
  } catch (error) {
    const ajvErrors = (error as { ajv?: boolean; errors?: unknown[] }).errors;
    if ((error as { ajv?: boolean }).ajv && Array.isArray(ajvErrors)) {
      throw new BadRequest((error as Error).message, ajvErrors);
    }
    throw error;
  }
}

/** A hook that runs only for calls from outside (REST, socket.io). */
export function external(hook: (context: HookContext, next: NextFunction) => Promise<void>) {
  return async (context: HookContext, next: NextFunction) =>
    context.params.provider ? hook(context, next) : next();
}
