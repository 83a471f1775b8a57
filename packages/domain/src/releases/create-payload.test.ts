import { describe, expect, it } from 'vitest';
import type { ReleaseInput } from './release.ts';
import { releaseMessages, validateReleaseInput } from './validation.ts';

const today = '2026-11-21';
const context = { today, terminalCodes: new Set(['1742']), source: 'api' as const };
const input = (container: Partial<ReleaseInput['container']>): ReleaseInput => ({
  billOfLading: { blNumber: 'SOLANR2611001' },
  container: {
    containerNumber: 'MSCU1234566',
    pickupLocation: '1742',
    validFrom: today,
    validUntil: '2026-12-31',
    ...container,
  },
});

describe('releases spec §3 "Create payload" and §7 "releases create": the container carries its fields', () => {
  it('takes the container’s own BL number when it is the bill of lading’s (spaces aside)', () => {
    expect(validateReleaseInput(input({ blNumber: 'SOLANR2611001' }), context)).toEqual({});
    expect(validateReleaseInput(input({ blNumber: ' SOLANR2611001 ' }), context)).toEqual({});
    expect(validateReleaseInput(input({ blNumber: null }), context)).toEqual({});
  });

  it('refuses a container that names another BL, by its own field', () => {
    const errors = validateReleaseInput(input({ blNumber: 'SOLANR2611002' }), context);
    expect(errors).toEqual({ 'container.blNumber': 'blNumberMismatch' });
    expect(releaseMessages.blNumberMismatch).toBe(
      "The container's BL number is not the bill of lading's",
    );
  });

  it('checks the EDI names (ediName, ediLocode, ediPcs) as the other free texts', () => {
    const edi = { ediName: 'SCHELDT', ediLocode: 'BEANR', ediPcs: 'C-Point' };
    expect(validateReleaseInput(input(edi), context)).toEqual({});
    const errors = validateReleaseInput(input({ ediPcs: 'C\u0000Point' }), context);
    expect(Object.keys(errors)).toEqual(['ediPcs']);
  });
});
