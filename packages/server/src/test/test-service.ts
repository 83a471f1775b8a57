import type { Application as UntypedApplication } from '@feathersjs/koa';
import type { Application } from '../declarations.ts';

/**
 * Registers a service that exists only in a test (the typed app knows only real service paths),
 * and returns it as Feathers wraps it (with its events).
 */
export function useTestService<S extends object>(app: Application, path: string, service: S) {
  const untyped = app as unknown as UntypedApplication;
  untyped.use(path, service);
  return untyped.service(path);
}
