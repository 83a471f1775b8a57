import type { Params } from '@feathersjs/feathers';
import type { OrganizationRole } from '@scr/domain';
import { appError } from '../errors/app-error.ts';
import type { SessionUser } from './session-user.ts';

/**
 * Who asks, as far as administration goes (access spec §6, DESIGN §3 "Tenancy and
 * authorisation"). `system` is an internal call without a user: the server itself.
 */
export type Actor =
  { kind: 'system' } | ({ kind: 'support' | 'admin' | 'member' } & Person) | { kind: 'nobody' };

interface Person {
  userId: number;
  organizationId: number;
  organizationRole: OrganizationRole;
}

/** Everything the administration section does. */
export const adminActions = [
  'organization.list',
  'organization.search',
  'organization.create',
  'organization.edit',
  'organization.editAddress',
  'user.manage',
  'user.grantSupport',
  'subscription.manage',
  'feature.manage',
  'connection.list',
  'connection.request',
  'connection.finalize',
  'connection.remove',
  'terminal.read',
  'terminal.create',
  'terminal.configure',
  'terminal.reassign',
  'port.read',
  'apiKey.manage',
] as const;
export type AdminAction = (typeof adminActions)[number];

/**
 * How far a kind of actor reaches: `any` organisation, its `own` organisation only, the terminals
 * its terminal organisation `ownsTerminal`, or `none`.
 */
type Reach = 'any' | 'own' | 'ownsTerminal' | 'none';

/**
 * The one table of rules. Support acts on every organisation; an organisation admin on its own
 * (its users, keys and connections); subscriptions, feature overrides, organisation create and
 * edit and terminals are support's, except that a terminal organisation's admin configures the
 * terminals it owns. Anyone else may only read terminals and ports.
 */
const rules: Record<AdminAction, { support: Reach; admin: Reach; member: Reach }> = {
  'organization.list': { support: 'any', admin: 'own', member: 'none' },
  'organization.search': { support: 'any', admin: 'any', member: 'none' },
  'organization.create': { support: 'any', admin: 'none', member: 'none' },
  'organization.edit': { support: 'any', admin: 'none', member: 'none' },
  'organization.editAddress': { support: 'any', admin: 'own', member: 'none' },
  'user.manage': { support: 'any', admin: 'own', member: 'none' },
  'user.grantSupport': { support: 'any', admin: 'none', member: 'none' },
  'subscription.manage': { support: 'any', admin: 'none', member: 'none' },
  'feature.manage': { support: 'any', admin: 'none', member: 'none' },
  'connection.list': { support: 'any', admin: 'own', member: 'none' },
  'connection.request': { support: 'any', admin: 'own', member: 'none' },
  'connection.finalize': { support: 'any', admin: 'own', member: 'none' },
  'connection.remove': { support: 'any', admin: 'own', member: 'none' },
  'terminal.read': { support: 'any', admin: 'any', member: 'any' },
  'terminal.create': { support: 'any', admin: 'none', member: 'none' },
  'terminal.configure': { support: 'any', admin: 'ownsTerminal', member: 'none' },
  'terminal.reassign': { support: 'any', admin: 'none', member: 'none' },
  'port.read': { support: 'any', admin: 'any', member: 'any' },
  'apiKey.manage': { support: 'any', admin: 'own', member: 'none' },
};

/**
 * The row or organisation an action is about. `organizationIds` are the organisations it belongs
 * to (a connection: both sides; a terminal: its owner). `visible` says whether the actor may know
 * it exists anyway (terminals, organisations to connect to): then a refusal is 403, else 404.
 */
export interface PolicyTarget {
  organizationIds: readonly (number | null)[];
  visible?: boolean;
}

export type Verdict = 'allow' | 'forbidden' | 'not_found';

export function actorOf(params: Params): Actor {
  const user = params.user as SessionUser | undefined;
  if (!user) return params.provider ? { kind: 'nobody' } : { kind: 'system' };
  const person: Person = {
    userId: user.id,
    organizationId: user.organizationId,
    organizationRole: user.organizationRole,
  };
  const kind = user.isSupport ? 'support' : user.isAdmin ? 'admin' : 'member';
  return { kind, ...person };
}

/** The verdict of the rules for one actor, action and (for a row) target. */
export function decide(actor: Actor, action: AdminAction, target?: PolicyTarget): Verdict {
  if (actor.kind === 'system') return 'allow';
  if (actor.kind === 'nobody') return 'forbidden';
  const reach = rules[action][actor.kind];
  if (reach === 'none') return 'forbidden';
  if (reach === 'any') return 'allow';
  if (reach === 'ownsTerminal' && actor.organizationRole !== 'terminal') return 'forbidden';
  if (!target || target.organizationIds.includes(actor.organizationId)) return 'allow';
  // Terminals are public: another's terminal is refused, not hidden.
  return target.visible || reach === 'ownsTerminal' ? 'forbidden' : 'not_found';
}

/** Throws 403 `forbidden` or 404 `not_found` unless the caller may do this. */
export function authorize(params: Params, action: AdminAction, target?: PolicyTarget): Actor {
  const actor = actorOf(params);
  const verdict = decide(actor, action, target);
  if (verdict === 'forbidden') throw appError('forbidden');
  if (verdict === 'not_found') throw appError('not_found');
  return actor;
}

/** Whether the caller may do this (for the actions a row offers the interface). */
export function may(params: Params, action: AdminAction, target?: PolicyTarget): boolean {
  return decide(actorOf(params), action, target) === 'allow';
}

/**
 * Which organisations' rows a list may show: `all`, or the one organisation the caller belongs
 * to. Throws 403 when the caller may not list at all.
 */
export function listScope(params: Params, action: AdminAction): 'all' | number {
  const actor = authorize(params, action);
  if (actor.kind === 'system' || actor.kind === 'nobody') return 'all';
  const reach = rules[action][actor.kind];
  return reach === 'any' ? 'all' : actor.organizationId;
}
