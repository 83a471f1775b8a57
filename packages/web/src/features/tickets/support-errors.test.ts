import { describe, expect, it } from 'vitest';
import { HttpError, NetworkError } from '../../api/http.ts';
import { offersSupport } from './support-errors.ts';

const answered = (status: number, code: string) => new HttpError(status, null, code, { code });

describe('access spec §8: which failures lead to support', () => {
  it('the wallet refusing, an internal error and a generic error do', () => {
    expect(offersSupport(answered(401, 'wallet_unauthorized'))).toBe(true);
    expect(offersSupport(answered(500, 'internal'))).toBe(true);
    expect(offersSupport(new Error('wallet exploded'))).toBe(true);
  });

  it('failures that explain themselves, or never reached anyone, do not', () => {
    expect(offersSupport(answered(409, 'release_conflict'))).toBe(false);
    expect(offersSupport(answered(400, 'validation_failed'))).toBe(false);
    expect(offersSupport(new NetworkError('/api/transfers'))).toBe(false);
  });
});
