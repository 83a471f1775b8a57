import { describe, expect, it } from 'vitest';
import { organizationRoles } from './organizations.ts';
import { skipsSessionCheck } from './session-user.ts';

describe('access spec §4 "Session", §6: carriers skip the session check', () => {
  it('holds for carriers and for no other role', () => {
    expect(organizationRoles.filter(skipsSessionCheck)).toEqual(['carrier']);
  });
});
