import { authenticate } from '@feathersjs/authentication';
import type { HookContext, NextFunction } from '../declarations.ts';
import { appError } from '../errors/app-error.ts';
import type { ApiKeyScope } from './api-key-scopes.ts';

const sessionOrApiKey = authenticate('jwt', 'api-key');

/**
 * Around hook for services that people and machines both call: a signed-in session (second
 * factor done) or an API key. Internal calls pass through.
 */
export async function requireSessionOrApiKey(context: HookContext, next: NextFunction) {
  await sessionOrApiKey(context as never);
  if (context.params.provider && context.params.session?.twoFactorPending) {
    throw appError('not_authenticated', { message: 'The e-mail verification code is still owed.' });
  }
  await next();
}

/**
 * Around hook after `requireSessionOrApiKey`: a call made with an API key needs this scope, else
 * 403 forbidden. People are not limited here; their service's own policy applies.
 */
export function requireScope(scope: ApiKeyScope) {
  return async (context: HookContext, next: NextFunction) => {
    const apiKey = context.params.apiKey;
    if (apiKey && !apiKey.scopes.includes(scope)) {
      throw appError('forbidden', { message: `This API key lacks the scope ${scope}.` });
    }
    await next();
  };
}
