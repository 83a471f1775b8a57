import { describe, expect, it } from 'vitest';
import { orderMessages } from '../premium/order.ts';
import { releaseMessages } from '../releases/validation.ts';
import { requestForReleaseMessages } from '../requests-for-release/validation.ts';
import { ticketMessages } from '../tickets/validation.ts';
import { transporterMessages } from '../transporters/validation.ts';
import {
  atLeast,
  emailInvalid,
  formMessageText,
  indefiniteArticle,
  lengthOf,
  noMoreThan,
  passwordsMatch,
  required,
  startsWith,
} from './form-messages.ts';
import { genericFormMessage } from './generic-messages.ts';

describe('the generic form messages (releases spec §5, access spec §5 "Generic form messages")', () => {
  it('says "Please provide a/an {label}", with the article the label takes', () => {
    expect(formMessageText(required('blNumber'))).toBe('Please provide a BL number');
    expect(formMessageText(required('eniNumber'))).toBe('Please provide an ENI number');
    expect(formMessageText(required('email'))).toBe('Please provide an e-mail address');
    expect(formMessageText(required({ text: 'Reference' }))).toBe('Please provide a Reference');
    expect(formMessageText(required({ text: 'IMO class' }))).toBe('Please provide an IMO class');
    expect(formMessageText(required({ text: 'User' }))).toBe('Please provide a User');
  });

  it('says "Email is not valid"', () => {
    expect(formMessageText(emailInvalid())).toBe('Email is not valid');
  });

  it('says the length rules: exactly, at least, no more than N characters or digits', () => {
    expect(formMessageText(lengthOf(8, 'characters'))).toBe('Please enter 8 characters');
    expect(formMessageText(lengthOf(6, 'digits'))).toBe('Please enter 6 digits');
    expect(formMessageText(atLeast(8, 'characters'))).toBe('Please enter at least 8 characters');
    expect(formMessageText(noMoreThan(35, 'characters'))).toBe(
      'Please enter no more than 35 characters',
    );
    expect(formMessageText(noMoreThan(5, 'digits'))).toBe('Please enter no more than 5 digits');
  });

  it('says "{label} must start with one of: …", the prefixes filled in when given', () => {
    expect(formMessageText(startsWith('blNumber'), { prefixes: 'HLCU, MSCU' })).toBe(
      'BL number must start with one of: HLCU, MSCU',
    );
    expect(formMessageText(startsWith('blNumber'))).toBe(
      'BL number must start with one of: {{prefixes}}',
    );
  });

  it('has the password-match rule', () => {
    expect(formMessageText(passwordsMatch())).toBe('The passwords do not match');
  });

  it('finds the English article a label takes', () => {
    expect(
      ['BL', 'URL', 'HLCU', 'ISO', 'hour', 'unit', 'update', 'e-mail'].map(indefiniteArticle),
    ).toEqual(['a', 'a', 'an', 'an', 'an', 'a', 'an', 'an']);
  });
});

describe('every form says its generic messages with the templates (access spec §5)', () => {
  it('writes each form’s message table from them, in the spec’s words', () => {
    expect(releaseMessages.validFromRequired).toBe('Please provide a Valid from date');
    expect(releaseMessages.pickupLocationRequired).toBe('Please provide a pickup location');
    expect(requestForReleaseMessages.blNumberPrefix).toBe(
      'BL number must start with one of: {{prefixes}}',
    );
    expect(requestForReleaseMessages.carrierRequired).toBe('Please provide a carrier');
    expect(transporterMessages.firstNameRequired).toBe('Please provide a first name');
    expect(transporterMessages.eniNumberLength).toBe('Please enter 8 characters');
    expect(transporterMessages.emailInvalid).toBe('Email is not valid');
    expect(ticketMessages.emailRequired).toBe('Please provide an e-mail address');
    expect(orderMessages.flavorRequired).toBe('Please provide a flavour');
    expect(orderMessages.invoiceEmailInvalid).toBe('Email is not valid');
  });

  it('names each generic message by the key a field problem carries, and no other', () => {
    expect(genericFormMessage('transporters.validation.firstNameRequired')).toEqual(
      required('firstName'),
    );
    expect(genericFormMessage('requestsForRelease.validation.blNumberPrefix')).toEqual(
      startsWith('blNumber'),
    );
    expect(genericFormMessage('transporters.validation.alfaPassFormat')).toBeUndefined();
    expect(genericFormMessage('releases.validation.invalidTerminal')).toBeUndefined();
  });
});
