import { describe, expect, it } from 'vitest';
import { loginLinkToken } from './login-links.ts';

const token = 'A'.repeat(40) + '_-9';

describe('access spec §4 "Login flow": the URL hash carries the login link', () => {
  it('reads the token of #token=… and of the legacy #id=…&token=…', () => {
    expect(loginLinkToken(`#token=${token}`)).toBe(token);
    expect(loginLinkToken(`#id=17&token=${token}`)).toBe(token);
  });

  it('ignores a hash without a well-formed token (issue 9 §3: never a bare id)', () => {
    expect(loginLinkToken('')).toBeNull();
    expect(loginLinkToken('#id=17')).toBeNull();
    expect(loginLinkToken('#token=short')).toBeNull();
    expect(loginLinkToken(`#token=${token}x`)).toBeNull();
  });
});
