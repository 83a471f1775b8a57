import { describe, expect, it } from 'vitest';
import {
  adminActions,
  adminActorOf,
  adminListReach,
  adminVerdict,
  userMay,
  type AdminAction,
  type AdminActor,
  type AdminTarget,
  type AdminUser,
} from './admin-policy.ts';

const ownOrg = 10;
const otherOrg = 20;

const actors: Record<string, AdminActor> = {
  support: { kind: 'support', userId: 1, organizationId: 99, organizationRole: 'other' },
  admin: { kind: 'admin', userId: 2, organizationId: ownOrg, organizationRole: 'other' },
  terminalAdmin: { kind: 'admin', userId: 3, organizationId: ownOrg, organizationRole: 'terminal' },
  member: { kind: 'member', userId: 4, organizationId: ownOrg, organizationRole: 'terminal' },
  nobody: { kind: 'nobody' },
  system: { kind: 'system' },
};

/** The targets of each column: no row (a list or a create), own row, another's hidden or visible row. */
const targets: (AdminTarget | undefined)[] = [
  undefined,
  { organizationIds: [ownOrg, otherOrg] },
  { organizationIds: [otherOrg] },
  { organizationIds: [otherOrg], visible: true },
];

const verdicts = { A: 'allow', F: 'forbidden', N: 'not_found' } as const;

/**
 * Access spec §6 and DESIGN §3 "Tenancy and authorisation", written out by hand: per action and
 * actor, the verdict for [no row, own row, another's hidden row, another's visible row].
 * A = allowed, F = 403 forbidden, N = 404 not found.
 */
// prettier-ignore
const matrix: Record<AdminAction, Record<keyof typeof actors, string>> = {
  // support sees every organisation; an admin its own and others only to connect to
  'organization.list': { support: 'AAAA', admin: 'AANF', terminalAdmin: 'AANF', member: 'FFFF', nobody: 'FFFF', system: 'AAAA' },
  'organization.search': { support: 'AAAA', admin: 'AAAA', terminalAdmin: 'AAAA', member: 'FFFF', nobody: 'FFFF', system: 'AAAA' },
  'organization.create': { support: 'AAAA', admin: 'FFFF', terminalAdmin: 'FFFF', member: 'FFFF', nobody: 'FFFF', system: 'AAAA' },
  'organization.edit': { support: 'AAAA', admin: 'FFFF', terminalAdmin: 'FFFF', member: 'FFFF', nobody: 'FFFF', system: 'AAAA' },
  'organization.editAddress': { support: 'AAAA', admin: 'AANF', terminalAdmin: 'AANF', member: 'FFFF', nobody: 'FFFF', system: 'AAAA' },
  // users and API keys of the admin's own organisation
  'user.manage': { support: 'AAAA', admin: 'AANF', terminalAdmin: 'AANF', member: 'FFFF', nobody: 'FFFF', system: 'AAAA' },
  'user.grantSupport': { support: 'AAAA', admin: 'FFFF', terminalAdmin: 'FFFF', member: 'FFFF', nobody: 'FFFF', system: 'AAAA' },
  'apiKey.manage': { support: 'AAAA', admin: 'AANF', terminalAdmin: 'AANF', member: 'FFFF', nobody: 'FFFF', system: 'AAAA' },
  // README "The API for systems": a system's cloud-wallet user, like its API key
  'machineWalletUser.manage': { support: 'AAAA', admin: 'AANF', terminalAdmin: 'AANF', member: 'FFFF', nobody: 'FFFF', system: 'AAAA' },
  // issue 14 item 5: webhook endpoints and their deliveries, like API keys
  'webhook.manage': { support: 'AAAA', admin: 'AANF', terminalAdmin: 'AANF', member: 'FFFF', nobody: 'FFFF', system: 'AAAA' },
  // subscriptions and feature overrides are support's only
  'subscription.manage': { support: 'AAAA', admin: 'FFFF', terminalAdmin: 'FFFF', member: 'FFFF', nobody: 'FFFF', system: 'AAAA' },
  'feature.manage': { support: 'AAAA', admin: 'FFFF', terminalAdmin: 'FFFF', member: 'FFFF', nobody: 'FFFF', system: 'AAAA' },
  // access spec §6: admin or support users create connections between organisations
  'connection.list': { support: 'AAAA', admin: 'AANF', terminalAdmin: 'AANF', member: 'FFFF', nobody: 'FFFF', system: 'AAAA' },
  'connection.request': { support: 'AAAA', admin: 'AANF', terminalAdmin: 'AANF', member: 'FFFF', nobody: 'FFFF', system: 'AAAA' },
  'connection.finalize': { support: 'AAAA', admin: 'AANF', terminalAdmin: 'AANF', member: 'FFFF', nobody: 'FFFF', system: 'AAAA' },
  'connection.remove': { support: 'AAAA', admin: 'AANF', terminalAdmin: 'AANF', member: 'FFFF', nobody: 'FFFF', system: 'AAAA' },
  // terminals: everyone reads; support creates; a terminal organisation's admin configures its own
  'terminal.read': { support: 'AAAA', admin: 'AAAA', terminalAdmin: 'AAAA', member: 'AAAA', nobody: 'FFFF', system: 'AAAA' },
  'terminal.create': { support: 'AAAA', admin: 'FFFF', terminalAdmin: 'FFFF', member: 'FFFF', nobody: 'FFFF', system: 'AAAA' },
  'terminal.configure': { support: 'AAAA', admin: 'FFFF', terminalAdmin: 'AAFF', member: 'FFFF', nobody: 'FFFF', system: 'AAAA' },
  'terminal.reassign': { support: 'AAAA', admin: 'FFFF', terminalAdmin: 'FFFF', member: 'FFFF', nobody: 'FFFF', system: 'AAAA' },
  'port.read': { support: 'AAAA', admin: 'AAAA', terminalAdmin: 'AAAA', member: 'AAAA', nobody: 'FFFF', system: 'AAAA' },
  // access spec §2 "Support ticket": support lists and handles them; the sender's organisation reads its own
  'ticket.list': { support: 'AAAA', admin: 'FFFF', terminalAdmin: 'FFFF', member: 'FFFF', nobody: 'FFFF', system: 'AAAA' },
  'ticket.read': { support: 'AAAA', admin: 'AANF', terminalAdmin: 'AANF', member: 'AANF', nobody: 'FFFF', system: 'AAAA' },
  'ticket.handle': { support: 'AAAA', admin: 'FFFF', terminalAdmin: 'FFFF', member: 'FFFF', nobody: 'FFFF', system: 'AAAA' },
};

describe('the admin policy as a matrix (access spec §6, DESIGN §3 "Tenancy and authorisation")', () => {
  const cases = adminActions.flatMap((action) =>
    Object.keys(actors).flatMap((actor) =>
      targets.map((target, column) => ({ action, actor, target, column })),
    ),
  );

  it.each(cases)('$action by $actor on column $column', ({ action, actor, target, column }) => {
    const letter = matrix[action][actor]![column] as keyof typeof verdicts;
    expect(adminVerdict(actors[actor]!, action, target)).toBe(verdicts[letter]);
  });

  it('covers every action', () => {
    expect(Object.keys(matrix).sort()).toEqual([...adminActions].sort());
  });
});

describe('adminActorOf (access spec §6: support, organisation admin, member)', () => {
  const user = (changes: Partial<AdminUser>): AdminUser => ({
    id: 5,
    organizationId: 7,
    organizationRole: 'other',
    isAdmin: false,
    isSupport: false,
    ...changes,
  });

  it('puts support above admin, and admin above member', () => {
    expect(adminActorOf(user({ isSupport: true, isAdmin: true }), true).kind).toBe('support');
    expect(adminActorOf(user({ isAdmin: true }), true).kind).toBe('admin');
    expect(adminActorOf(user({}), true).kind).toBe('member');
  });

  it('treats an outside call without user as nobody and an internal one as the system', () => {
    expect(adminActorOf(null, true).kind).toBe('nobody');
    expect(adminActorOf(undefined, false).kind).toBe('system');
  });

  it('scopes lists to the own organisation for admins and to all for support', () => {
    expect(adminListReach(adminActorOf(user({ isAdmin: true }), true), 'user.manage')).toBe(7);
    expect(adminListReach(adminActorOf(user({ isSupport: true }), true), 'user.manage')).toBe(
      'all',
    );
  });

  it('issue 10 item 1: tells the web what a signed-in user may do at all', () => {
    expect(userMay(user({ isSupport: true }), 'organization.create')).toBe(true);
    expect(userMay(user({ isAdmin: true }), 'organization.create')).toBe(false);
    expect(userMay(user({ isAdmin: true }), 'user.manage')).toBe(true);
    expect(userMay(user({}), 'user.manage')).toBe(false);
    expect(userMay(null, 'port.read')).toBe(false);
  });
});
