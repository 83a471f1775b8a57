import { describe, expect, it } from 'vitest';
import {
  isEmailAddress,
  isTwoFactorCode,
  lookupEmail,
  maxEmailLength,
  normaliseEmail,
  organisationOptions,
  preselectedOrganisation,
  userForOrganisation,
  type FindUserResult,
  type FoundUser,
} from './login.ts';

const user = (
  id: number,
  name: string,
  role: FoundUser['organization']['role'] = 'other',
): FoundUser => ({
  id,
  email: 'a@b.test',
  organization: { name, address: `0x${id}`, role, walletUrl: null },
});
const result = (data: FoundUser[], isLimitedToOrgId = false): FindUserResult => ({
  total: data.length,
  isLimitedToOrgId,
  data,
});

describe('issue 9 §3: the key of a find-user lookup and its per-e-mail limit', () => {
  it('is the normalised address, so padding and case do not make a new key', () => {
    expect(lookupEmail(' FORWARDER2@Demo.test')).toBe('forwarder2@demo.test');
    expect(lookupEmail('forwarder2@demo.test\t\n')).toBe('forwarder2@demo.test');
  });

  it('refuses NUL, control and zero-width characters rather than stripping them', () => {
    for (const bad of [
      'forwarder2@demo.test\u0000',
      'forwarder2\u0000@demo.test',
      'forward\u0007er2@demo.test',
      'forward\u200ber2@demo.test',
      'forward\u202eer2@demo.test',
      'forward\ud800er2@demo.test',
    ]) {
      expect(lookupEmail(bad), JSON.stringify(bad)).toBeNull();
    }
  });

  it('refuses what is no e-mail address, too long, or not text', () => {
    expect(lookupEmail('')).toBeNull();
    expect(lookupEmail('forwarder2')).toBeNull();
    expect(lookupEmail(`${'a'.repeat(maxEmailLength)}@demo.test`)).toBeNull();
    expect(lookupEmail(['a@b.test'])).toBeNull();
    expect(lookupEmail(undefined)).toBeNull();
  });
});

describe('access spec §5 "Login": email', () => {
  it('is lowercased and trimmed before lookup', () => {
    expect(normaliseEmail('  Carrier@Demo.TEST ')).toBe('carrier@demo.test');
  });

  it('must look like an address', () => {
    expect(isEmailAddress('carrier@demo.test')).toBe(true);
    expect(isEmailAddress('carrier@demo')).toBe(false);
    expect(isEmailAddress('car rier@demo.test')).toBe(false);
  });
});

describe('access spec §5 "Login": organisation options sorted by name, case-insensitively', () => {
  it('sorts regardless of case', () => {
    const options = organisationOptions(
      result([user(1, 'zeta'), user(2, 'Alpha'), user(3, 'beta')]),
    );
    expect(options.map((option) => option.name)).toEqual(['Alpha', 'beta', 'zeta']);
  });
});

describe('access spec §4 "Login flow": preselection', () => {
  it('preselects the organisation of a single result', () => {
    expect(preselectedOrganisation(result([user(1, 'A')]))).toBe('0x1');
  });

  it('does not preselect when the result is limited to an organisation id and the role is not carrier', () => {
    expect(preselectedOrganisation(result([user(1, 'A')], true))).toBeNull();
    expect(preselectedOrganisation(result([user(1, 'A', 'carrier')], true))).toBe('0x1');
  });

  it('asks to choose when several organisations match', () => {
    expect(preselectedOrganisation(result([user(1, 'A'), user(2, 'B')]))).toBeNull();
  });

  it('finds no user when the chosen organisation is not in the results (§5 "Could not determine")', () => {
    const found = result([user(1, 'A')]);
    expect(userForOrganisation(found, '0x1')?.id).toBe(1);
    expect(userForOrganisation(found, '0x9')).toBeNull();
    expect(userForOrganisation(found, null)).toBeNull();
  });
});

describe('access spec §5 and §9: two-factor code', () => {
  it('is exactly 6 digits', () => {
    expect(isTwoFactorCode('012345')).toBe(true);
    expect(isTwoFactorCode('12345')).toBe(false);
    expect(isTwoFactorCode('1234567')).toBe(false);
    expect(isTwoFactorCode('12a456')).toBe(false);
  });
});
