import type { Params } from '@feathersjs/feathers';
import {
  adminActorOf,
  adminListReach,
  adminVerdict,
  type AdminAction,
  type AdminActor,
  type AdminTarget,
} from '@scr/domain';
import { appError } from '../errors/app-error.ts';
import type { SessionUser } from './session-user.ts';

/**
 * The Feathers side of the administration rules; the rules themselves (the table, the actors,
 * the verdicts) are domain `admin-policy.ts`, which the web's admin screens ask too.
 */
export type { AdminAction, AdminActor as Actor, AdminTarget as PolicyTarget };

/** The actor of a service call: its user, or nobody from outside, or the server itself. */
export function actorOf(params: Params): AdminActor {
  return adminActorOf(params.user as SessionUser | undefined, !!params.provider);
}

/** Throws 403 `forbidden` or 404 `not_found` unless the caller may do this. */
export function authorize(params: Params, action: AdminAction, target?: AdminTarget): AdminActor {
  const actor = actorOf(params);
  const verdict = adminVerdict(actor, action, target);
  if (verdict === 'forbidden') throw appError('forbidden');
  if (verdict === 'not_found') throw appError('not_found');
  return actor;
}

/** Whether the caller may do this (for the actions a row offers the interface). */
export function may(params: Params, action: AdminAction, target?: AdminTarget): boolean {
  return adminVerdict(actorOf(params), action, target) === 'allow';
}

/**
 * Which organisations' rows a list may show: `all`, or the one organisation the caller belongs
 * to. Throws 403 when the caller may not list at all.
 */
export function listScope(params: Params, action: AdminAction): 'all' | number {
  return adminListReach(authorize(params, action), action);
}
