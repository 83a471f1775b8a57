import { authenticate } from '@feathersjs/authentication';
import type { HookContext, NextFunction } from '../declarations.ts';
import { appError } from '../errors/app-error.ts';
import type { SessionInfo } from './session-info.ts';

const jwt = authenticate('jwt');

/**
 * Around hook for every signed-in service: a valid session whose second factor (if any) is done.
 * Internal calls (no provider) pass through.
 */
export async function requireSession(context: HookContext, next: NextFunction) {
  await jwt(context as never);
  if (
    context.params.provider &&
    (context.params.session as SessionInfo | undefined)?.twoFactorPending
  ) {
    throw appError('not_authenticated', { message: 'The e-mail verification code is still owed.' });
  }
  await next();
}

/** Around hook for the two-factor endpoints: any valid session, second factor done or not. */
export async function requireAnySession(context: HookContext, next: NextFunction) {
  await jwt(context as never);
  await next();
}
