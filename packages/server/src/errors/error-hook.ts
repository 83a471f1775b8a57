import type { HookContext } from '@feathersjs/feathers';
import type { Logger } from '../logger.ts';
import { reportError } from './report-error.ts';

/**
 * App-wide `error` hook: every service failure leaves as a catalogued error, the same for REST
 * and socket.io clients.
 */
export function errorHook(logger: Logger) {
  return async (context: HookContext) => {
    context.error = reportError(logger, context.error, {
      service: context.path,
      method: context.method,
      provider: context.params.provider,
    });
  };
}
