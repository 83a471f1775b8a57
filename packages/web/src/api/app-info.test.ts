import { describe, expect, it } from 'vitest';
import { productionInfo } from '../test/fixtures.ts';
import { isAppInfo } from './app-info.ts';

describe('isAppInfo', () => {
  it('issue 9 §5: accepts a production answer without a version', () => {
    const { version: _version, ...withoutVersion } = productionInfo;
    expect(isAppInfo(withoutVersion)).toBe(true);
    expect(isAppInfo(productionInfo)).toBe(true);
  });

  it('refuses a version that is not a string, and what is not app info', () => {
    expect(isAppInfo({ ...productionInfo, version: 3 })).toBe(false);
    expect(isAppInfo('<html>')).toBe(false);
    expect(isAppInfo(null)).toBe(false);
  });
});
