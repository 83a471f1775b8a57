import type { OrganizationRole } from './organizations.ts';

/**
 * Who asks, as far as administration goes (access spec §6, DESIGN §3 "Tenancy and
 * authorisation"). `system` is an internal call without a user: the server itself.
 */
export type AdminActor =
  | { kind: 'system' }
  | ({ kind: 'support' | 'admin' | 'member' } & AdminPerson)
  | { kind: 'nobody' };

export interface AdminPerson {
  userId: number;
  organizationId: number;
  organizationRole: OrganizationRole;
}

/** What of a signed-in user decides its kind of actor. */
export interface AdminRoles {
  organizationRole: OrganizationRole;
  isAdmin: boolean;
  isSupport: boolean;
}

/** A signed-in user as the rules see it. */
export interface AdminUser extends AdminRoles {
  id: number;
  organizationId: number;
}

/** Support above admin above member (access spec §6). */
export function adminKind(user: AdminRoles): 'support' | 'admin' | 'member' {
  return user.isSupport ? 'support' : user.isAdmin ? 'admin' : 'member';
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
  'machineWalletUser.manage',
  'webhook.manage',
  'ticket.list',
  'ticket.read',
  'ticket.handle',
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
  // README "The API for systems": a system's own cloud-wallet user, like its API key. Making one
  // also takes an unlocked admin wallet of that organisation, which support does not hold.
  'machineWalletUser.manage': { support: 'any', admin: 'own', member: 'none' },
  // Issue 14 item 5: an organisation's webhook endpoints and their delivery log, like its keys.
  'webhook.manage': { support: 'any', admin: 'own', member: 'none' },
  // Access spec §2 "Support ticket": anyone sends one; support lists and handles them all, and
  // the people of the sending organisation may read theirs.
  'ticket.list': { support: 'any', admin: 'none', member: 'none' },
  'ticket.read': { support: 'any', admin: 'own', member: 'own' },
  'ticket.handle': { support: 'any', admin: 'none', member: 'none' },
};

/**
 * The row or organisation an action is about. `organizationIds` are the organisations it belongs
 * to (a connection: both sides; a terminal: its owner). `visible` says whether the actor may know
 * it exists anyway (terminals, organisations to connect to): then a refusal is 403, else 404.
 */
export interface AdminTarget {
  organizationIds: readonly (number | null)[];
  visible?: boolean;
}

export type AdminVerdict = 'allow' | 'forbidden' | 'not_found';

/**
 * The actor a user is: support above admin above member; without a user, `nobody` for an
 * outside call and the `system` for the server's own.
 */
export function adminActorOf(user: AdminUser | null | undefined, external: boolean): AdminActor {
  if (!user) return external ? { kind: 'nobody' } : { kind: 'system' };
  const person: AdminPerson = {
    userId: user.id,
    organizationId: user.organizationId,
    organizationRole: user.organizationRole,
  };
  return { kind: adminKind(user), ...person };
}

/** The verdict of the rules for one actor, action and (for a row) target. */
export function adminVerdict(
  actor: AdminActor,
  action: AdminAction,
  target?: AdminTarget,
): AdminVerdict {
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

/**
 * Which organisations' rows a list may show to an actor the rules allow: `all`, or the one
 * organisation it belongs to.
 */
export function adminListReach(actor: AdminActor, action: AdminAction): 'all' | number {
  if (actor.kind === 'system' || actor.kind === 'nobody') return 'all';
  return rules[action][actor.kind] === 'any' ? 'all' : actor.organizationId;
}

/**
 * The actor of a user for decisions about no row in particular: which organisation it belongs to
 * does not matter then, only its kind and its organisation's role.
 */
const untargeted = (user: AdminRoles): AdminActor => ({
  kind: adminKind(user),
  userId: 0,
  organizationId: 0,
  organizationRole: user.organizationRole,
});

/**
 * Whether a signed-in user may do an action at all (on some row: for an admin, its own
 * organisation's). The web hides what the server would refuse with it.
 */
export function userMay(user: AdminRoles | null | undefined, action: AdminAction): boolean {
  return !!user && adminVerdict(untargeted(user), action) === 'allow';
}

/** Whether the user may do the action on every organisation's rows (support), not its own only. */
export function reachesEveryOrganization(
  user: AdminRoles | null | undefined,
  action: AdminAction,
): boolean {
  return userMay(user, action) && adminListReach(untargeted(user!), action) === 'all';
}

/**
 * Who may give a user a cloud wallet (DESIGN §3): the organisation's key is kept in its admins'
 * keystores and wrapped only for users of that organisation, so only an admin of the same
 * organisation can, support or not.
 */
export function mayAddWallet(
  me: Pick<AdminUser, 'isAdmin' | 'organizationId'> | null | undefined,
  organizationId: number,
): boolean {
  return !!me && me.isAdmin && me.organizationId === organizationId;
}
