import { describe, expect, it } from 'vitest';
import {
  alfaPassValid,
  transporterMessages,
  validateBarge,
  validateDriver,
  validateTrain,
} from './validation.ts';

const driver = { firstName: 'Jan', lastName: 'Peeters' };

describe('access spec §5 "Driver"', () => {
  it('accepts a driver with first and last name only', () => {
    expect(validateDriver(driver)).toEqual({});
  });

  it('requires the first and the last name', () => {
    expect(validateDriver({ firstName: ' ', lastName: '' })).toEqual({
      firstName: 'firstNameRequired',
      lastName: 'lastNameRequired',
    });
  });

  it('an e-mail must look like an address', () => {
    expect(validateDriver({ ...driver, email: 'jan.peeters' })).toEqual({ email: 'emailInvalid' });
    expect(validateDriver({ ...driver, email: 'jan@haulier.be' })).toEqual({});
  });

  it('the phone is a telephone field', () => {
    expect(validateDriver({ ...driver, phone: 'call me' })).toEqual({ phone: 'phoneInvalid' });
    expect(validateDriver({ ...driver, phone: '12' })).toEqual({ phone: 'phoneInvalid' });
    expect(validateDriver({ ...driver, phone: '+32 (0)470 12.34.56' })).toEqual({});
  });

  it('an e-mail is required when the itsme link is to be sent: "Missing email address"', () => {
    expect(validateDriver({ ...driver, sendItsmeLink: true })).toEqual({ email: 'emailMissing' });
    expect(transporterMessages.emailMissing).toBe('Missing email address');
    expect(validateDriver({ ...driver, email: 'jan@haulier.be', sendItsmeLink: true })).toEqual({});
  });
});

describe('access spec §5 "Alfapass": 6 digits (new) or 5 (old), no zero added', () => {
  it('accepts 5 and 6 digits as typed', () => {
    expect(alfaPassValid('12345')).toBe(true);
    expect(alfaPassValid('012345')).toBe(true);
    expect(validateDriver({ ...driver, alfaPass: '54321' })).toEqual({});
  });

  it('refuses other lengths and non-digits', () => {
    for (const alfaPass of ['1234', '1234567', '12a45', '12 345'])
      expect(validateDriver({ ...driver, alfaPass })).toEqual({ alfaPass: 'alfaPassFormat' });
  });
});

describe('access spec §5 "Barge" and "Train"', () => {
  it('a barge needs a name and an ENI number of exactly 8 characters', () => {
    expect(validateBarge({ name: '', eniNumber: '' })).toEqual({
      name: 'nameRequired',
      eniNumber: 'eniNumberRequired',
    });
    expect(validateBarge({ name: 'Rhenus 4', eniNumber: '1234567' })).toEqual({
      eniNumber: 'eniNumberLength',
    });
    expect(validateBarge({ name: 'Rhenus 4', eniNumber: '123456789' })).toEqual({
      eniNumber: 'eniNumberLength',
    });
    expect(validateBarge({ name: 'Rhenus 4', eniNumber: '02324567' })).toEqual({});
  });

  it('a train needs a name and a train code', () => {
    expect(validateTrain({ name: ' ', trainCode: '' })).toEqual({
      name: 'nameRequired',
      trainCode: 'trainCodeRequired',
    });
    expect(validateTrain({ name: 'Lineas 12', trainCode: 'LN12' })).toEqual({});
  });

  it('refuses control characters and overlong text', () => {
    expect(validateTrain({ name: 'a\u0007b', trainCode: 'x'.repeat(101) })).toEqual({
      name: 'textFormat',
      trainCode: 'textFormat',
    });
  });
});
