import type { HookContext } from '../declarations.ts';
import { appError } from '../errors/app-error.ts';

/** Services that answer without the database (everything else waits for the migrations). */
const databaseFree = new Set<string>(['app-info']);

/**
 * App-wide `before` hook: until the migrations have completed (PostgreSQL still away at start),
 * a service that needs the database answers 503 `database_unavailable` instead of failing on a
 * missing table.
 */
export async function requireDatabase(context: HookContext): Promise<void> {
  if (databaseFree.has(context.path) || context.app.get('databaseReady')) return;
  throw appError('database_unavailable');
}
