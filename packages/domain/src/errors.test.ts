import { describe, expect, it } from 'vitest';
import { errorCatalogue, errorCodes, errorTranslationKey, isErrorCode } from './errors.ts';

describe('error catalogue (releases spec §8 backend.error.{code})', () => {
  it('carries the backend error codes the spec names', () => {
    for (const code of [
      'missing_target_organization',
      'no_release_selected',
      'subscription_required',
      'no_finalized_connection',
      'wallet_unauthorized',
    ]) {
      expect(isErrorCode(code)).toBe(true);
    }
  });

  it('gives every code an HTTP error status and an English fallback', () => {
    for (const code of errorCodes) {
      const { status, message } = errorCatalogue[code];
      expect(status).toBeGreaterThanOrEqual(400);
      expect(status).toBeLessThan(600);
      expect(message.length).toBeGreaterThan(5);
    }
  });

  it('maps unique violations to 409 (DESIGN §7)', () => {
    expect(errorCatalogue.already_exists.status).toBe(409);
  });

  it('translates through backend.error.{code}', () => {
    expect(errorTranslationKey('not_found')).toBe('backend.error.not_found');
    expect(isErrorCode('toString')).toBe(false);
    expect(isErrorCode(404)).toBe(false);
  });
});
