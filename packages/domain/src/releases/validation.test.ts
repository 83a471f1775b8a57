import { describe, expect, it } from 'vitest';
import type { ReleaseInput } from './release.ts';
import {
  releaseDefaults,
  releaseMessages,
  validateReleaseEdit,
  validateReleaseInput,
} from './validation.ts';

const today = '2026-11-21';
const terminalCodes = new Set(['1742', 'K420']);
const context = { today, terminalCodes };
const input = (
  container: Partial<ReleaseInput['container']> = {},
  blNumber = 'SOLU1234567',
): ReleaseInput => ({
  billOfLading: { blNumber },
  container: {
    containerNumber: 'MSCU1234565',
    pickupLocation: '1742',
    validFrom: today,
    validUntil: '2026-12-31',
    ...container,
  },
});

describe('releases spec §5 "Create and edit a release"', () => {
  it('accepts a complete release', () => {
    expect(validateReleaseInput(input(), context)).toEqual({});
  });

  it('requires blNumber, containerNumber, pickupLocation, validFrom and validUntil with their messages', () => {
    const errors = validateReleaseInput(
      input({ containerNumber: ' ', pickupLocation: '', validFrom: '', validUntil: '' }, ''),
      context,
    );
    expect(errors).toEqual({
      blNumber: 'blNumberRequired',
      containerNumber: 'containerNumberRequired',
      pickupLocation: 'pickupLocationRequired',
      validFrom: 'validFromRequired',
      validUntil: 'validUntilRequired',
    });
    expect(releaseMessages.blNumberRequired).toBe('Please provide a BL number');
    expect(releaseMessages.validFromRequired).toBe('Please provide a Valid from date');
  });

  it('refuses quotes in the container type', () => {
    expect(validateReleaseInput(input({ isoTypeCode: `40'HC` }), context).isoTypeCode).toBe(
      'isoTypeQuotes',
    );
    expect(validateReleaseInput(input({ isoTypeCode: '40"HC' }), context).isoTypeCode).toBe(
      'isoTypeQuotes',
    );
    expect(releaseMessages.isoTypeQuotes).toBe('container type may not contain quotes');
  });

  it('refuses validUntil before validFrom', () => {
    const errors = validateReleaseInput(
      input({ validFrom: '2026-12-10', validUntil: '2026-12-01' }),
      context,
    );
    expect(errors.validUntil).toBe('validUntilBeforeFrom');
    expect(releaseMessages.validUntilBeforeFrom).toBe('Valid until date is before Valid from date');
  });

  it('requires validUntil after today', () => {
    expect(
      validateReleaseInput(input({ validFrom: '2026-11-01', validUntil: today }), context)
        .validUntil,
    ).toBe('validUntilInPast');
    expect(validateReleaseInput(input({ validUntil: '2026-11-22' }), context)).toEqual({});
    expect(releaseMessages.validUntilInPast).toBe('Valid until date is in the past');
  });

  it('requires a known terminal code', () => {
    expect(validateReleaseInput(input({ pickupLocation: '9999' }), context).pickupLocation).toBe(
      'invalidTerminal',
    );
    expect(releaseMessages.invalidTerminal).toBe('invalid terminal code');
  });

  it('refuses dates that are not dates', () => {
    expect(validateReleaseInput(input({ validUntil: '31/12/2026' }), context).validUntil).toBe(
      'invalidDate',
    );
  });

  it('defaults to 20DV, today and today plus 60 days (§9)', () => {
    expect(releaseDefaults(today)).toEqual({
      isoTypeCode: '20DV',
      validFrom: today,
      validUntil: '2027-01-20',
    });
  });
});

describe('releases spec §5 "Multi-release edit" and single edit', () => {
  it('checks only the fields present', () => {
    expect(validateReleaseEdit({ vessel: 'MSC Anna' }, { ...context, validFrom: today })).toEqual(
      {},
    );
  });

  it('applies the same date and terminal rules', () => {
    expect(
      validateReleaseEdit({ validUntil: '2026-11-01' }, { ...context, validFrom: '2026-11-10' }),
    ).toEqual({
      validUntil: 'validUntilBeforeFrom',
    });
    expect(validateReleaseEdit({ pickupLocation: 'X' }, { ...context, validFrom: today })).toEqual({
      pickupLocation: 'invalidTerminal',
    });
  });
});
