import { describe, expect, it } from 'vitest';
import { actorOf, authorize, listScope, may } from './admin-policy.ts';
import type { SessionUser } from './session-user.ts';

/** The rules are domain `admin-policy.ts` (tested there); this is their Feathers glue. */
describe('admin policy glue (access spec §6, DESIGN §3 "Tenancy and authorisation")', () => {
  const user = (changes: Partial<SessionUser>) =>
    ({
      id: 5,
      organizationId: 7,
      organizationRole: 'other',
      isAdmin: false,
      isSupport: false,
      ...changes,
    }) as SessionUser;

  it('takes the actor from params: the user, nobody from outside, the system inside', () => {
    expect(actorOf({ user: user({ isSupport: true, isAdmin: true }) }).kind).toBe('support');
    expect(actorOf({ user: user({ isAdmin: true }) }).kind).toBe('admin');
    expect(actorOf({ user: user({}) }).kind).toBe('member');
    expect(actorOf({ provider: 'rest' }).kind).toBe('nobody');
    expect(actorOf({}).kind).toBe('system');
  });

  it('scopes lists to the own organisation for admins and to all for support', () => {
    expect(listScope({ user: user({ isAdmin: true }) }, 'user.manage')).toBe(7);
    expect(listScope({ user: user({ isSupport: true }) }, 'user.manage')).toBe('all');
    expect(() => listScope({ user: user({}) }, 'user.manage')).toThrow(/may not/);
  });

  it('throws 403 forbidden or 404 not_found, and answers may', () => {
    const admin = { user: user({ isAdmin: true }) };
    expect(() => authorize(admin, 'feature.manage')).toThrow(
      expect.objectContaining({ code: 403 }),
    );
    expect(() => authorize(admin, 'user.manage', { organizationIds: [8] })).toThrow(
      expect.objectContaining({ code: 404 }),
    );
    expect(may(admin, 'user.manage', { organizationIds: [7] })).toBe(true);
    expect(may(admin, 'user.manage', { organizationIds: [8] })).toBe(false);
  });
});
