import { describe, expect, it } from 'vitest';
import type { ReleaseInput } from './release.ts';
import {
  releaseDefaults,
  releaseMessages,
  releaseMessageText,
  releaseMessageValues,
  validateReleaseEdit,
  validateReleaseInput,
} from './validation.ts';

const today = '2026-11-21';
const terminalCodes = new Set(['1742', 'K420']);
const context = { today, terminalCodes, source: 'form' as const };
const input = (
  container: Partial<ReleaseInput['container']> = {},
  blNumber = 'SOLU1234567',
): ReleaseInput => ({
  billOfLading: { blNumber },
  container: {
    containerNumber: 'MSCU1234566',
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

  it('releases spec §3, §7: tells a date in the wrong form the form its source takes', () => {
    const typed = input({ validFrom: '01/05/2027', validUntil: '31/05/2027' });
    for (const source of ['form', 'upload'] as const) {
      expect(validateReleaseInput(typed, { ...context, source })).toEqual({
        validFrom: 'invalidDate',
        validUntil: 'invalidDate',
      });
    }
    expect(validateReleaseInput(typed, { ...context, source: 'api' })).toEqual({
      validFrom: 'invalidApiDate',
      validUntil: 'invalidApiDate',
    });
    expect(
      validateReleaseEdit(
        { validUntil: '31/05/2027' },
        { ...context, source: 'api', validFrom: today },
      ),
    ).toEqual({ validUntil: 'invalidApiDate' });
    expect(releaseMessages.invalidDate).toContain('DD/MM/YYYY');
    expect(releaseMessages.invalidApiDate).toContain('YYYY-MM-DD');
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

describe('releases spec §5 and issue 9 §7: text fields get sane limits and character rules', () => {
  it.each(['<script>alert(1)</script>', 'BL\u0000', '-BL1', 'BL\u200b1', "BL'1"])(
    'refuses the BL number %j',
    (blNumber) => {
      expect(validateReleaseInput(input({}, blNumber), context).blNumber).toBe('blNumberFormat');
    },
  );

  it('issue 15: a BL number over its limit says the limit and the length typed', () => {
    const blNumber = 'B'.repeat(36);
    expect(validateReleaseInput(input({}, blNumber), context).blNumber).toBe('blNumberTooLong');
    const values = releaseMessageValues('blNumber', blNumber);
    expect(releaseMessageText('blNumberTooLong', values)).toBe(
      'A BL number has at most 35 characters (this one has 36)',
    );
  });

  it.each(['MAEU/123.456-7', 'abc 123', 'X_1', 'B'.repeat(35)])(
    'accepts the BL number %j',
    (bl) => {
      expect(validateReleaseInput(input({}, bl), context)).toEqual({});
    },
  );

  it.each([
    ['MSCU<1234566>', 'containerNumberLength'],
    ['M'.repeat(21), 'containerNumberLength'],
    ['MSCU12345661', 'containerNumberLength'],
    ['MSCU\n123456', 'containerNumberShape'],
    ['MSCX1234566', 'containerNumberShape'],
    ['MSC01234566', 'containerNumberShape'],
  ])('refuses the container number %j with %s', (containerNumber, key) => {
    expect(validateReleaseInput(input({ containerNumber }), context).containerNumber).toBe(key);
  });

  it.each(['   ', '\ud800', '12\u000034', '\t', '12\u200b34'])(
    'refuses the pincode %j',
    (pincode) => {
      expect(validateReleaseInput(input({ pincode }), context).pincode).toBe('pincodeFormat');
    },
  );

  it.each(['1234', 'AB-12 cd', 'é€9!'])('accepts the pincode %j', (pincode) => {
    expect(validateReleaseInput(input({ pincode }), context)).toEqual({});
  });

  it('refuses control characters and over-long text in other fields, on create and on edit', () => {
    const created = validateReleaseInput(
      { ...input(), billOfLading: { blNumber: 'BL1', vessel: 'Ever\u0007Given' } },
      context,
    );
    expect(created.vessel).toBe('textControl');
    const edited = validateReleaseEdit(
      { turnInReference: 'x'.repeat(101), vessel: 'Ever Given' },
      { ...context, validFrom: today },
    );
    expect(edited).toEqual({ turnInReference: 'textTooLong' });
    expect(releaseMessageText('textTooLong', releaseMessageValues('agent', 'x'.repeat(101)))).toBe(
      'At most 100 characters (this one has 101)',
    );
  });

  it('issue 15: a pincode over its limit says the limit', () => {
    const pincode = '1'.repeat(65);
    expect(validateReleaseInput(input({ pincode }), context).pincode).toBe('pincodeTooLong');
    expect(releaseMessageText('pincodeTooLong', releaseMessageValues('pincode', pincode))).toBe(
      'A pincode has at most 64 characters (this one has 65)',
    );
  });

  it('has an English message for every key', () => {
    for (const key of [
      'blNumberFormat',
      'blNumberTooLong',
      'containerNumberLength',
      'containerNumberShape',
      'checkDigit',
      'pincodeFormat',
      'pincodeTooLong',
      'textTooLong',
      'textControl',
    ])
      expect(releaseMessages).toHaveProperty(key);
  });
});

describe('issue 10 item 1: one pincode check for the form and the server', () => {
  it('refuses an empty pincode sent, as the server did, with the domain’s message', () => {
    expect(validateReleaseInput(input({ pincode: '' }), context).pincode).toBe('pincodeFormat');
    expect(validateReleaseInput(input({ pincode: null }), context)).toEqual({});
  });
});

describe('issue 15, releases spec §3 containerNumber: ISO 6346 with its check digit', () => {
  it.each(['CSQU3054383', 'MSCU1234566', 'TGHU5120937', 'SOLU2205314', 'mscu 123456-6'])(
    'accepts %j',
    (containerNumber) => {
      expect(validateReleaseInput(input({ containerNumber }), context)).toEqual({});
    },
  );

  it('refuses a wrong check digit and names the expected one', () => {
    const containerNumber = 'MSCU1234567';
    expect(validateReleaseInput(input({ containerNumber }), context).containerNumber).toBe(
      'checkDigit',
    );
    const values = releaseMessageValues('containerNumber', containerNumber);
    expect(values).toMatchObject({ prefix: 'MSCU123456', expected: '6' });
    expect(releaseMessageText('checkDigit', values)).toBe(
      'Wrong check digit: for MSCU123456 it is 6 (MSCU1234566)',
    );
  });

  it('refuses a 12-character number and says it has 11', () => {
    const containerNumber = 'MSCU12345660';
    expect(validateReleaseInput(input({ containerNumber }), context).containerNumber).toBe(
      'containerNumberLength',
    );
    expect(
      releaseMessageText(
        'containerNumberLength',
        releaseMessageValues('containerNumber', containerNumber),
      ),
    ).toBe('A container number has 11 characters, like CSQU3054383 (this one has 12)');
  });
});
