import {
  emailInvalid,
  formMessageTexts,
  lengthOf,
  required as provide,
  type FormMessage,
} from '../forms/form-messages.ts';
import { isCleanText } from '../text.ts';

/** Access spec §9: an ENI number is 8 characters. */
export const eniNumberLength = 8;

/**
 * Access spec §5 "Barge", "Train", "Driver": the messages said with the generic form templates
 * (§5 "Generic form messages"), by their keys under `transporters.validation.`.
 */
export const transporterFormMessages = {
  firstNameRequired: provide('firstName'),
  lastNameRequired: provide('lastName'),
  nameRequired: provide('name'),
  emailInvalid: emailInvalid(),
  eniNumberRequired: provide('eniNumber'),
  eniNumberLength: lengthOf(eniNumberLength, 'characters'),
  trainCodeRequired: provide('trainCode'),
} as const satisfies Record<string, FormMessage>;

/**
 * Access spec §5 "Barge", "Train", "Driver": the messages, as translation keys under
 * `transporters.validation.` (the web's forms show them, the server answers them per field),
 * in English.
 */
export const transporterMessages = {
  ...formMessageTexts(transporterFormMessages),
  emailMissing: 'Missing email address',
  phoneInvalid: 'Please provide a valid telephone number',
  alfaPassFormat: 'An Alfapass number has 6 digits (new card) or 5 (old card)',
  textFormat: 'At most 100 characters, without control characters',
  itsmeByRegistration: "An itsme code comes from the driver's itsme registration only",
} as const;
export type TransporterMessage = keyof typeof transporterMessages;

/** Field → message key; empty when the input is valid. */
export type TransporterErrors = Partial<Record<string, TransporterMessage>>;

/** The longest name, e-mail, phone or code a transporter keeps. */
export const maxTransporterTextLength = 100;

const blank = (value: string | null | undefined): boolean => value == null || value.trim() === '';
const invisible = /\p{C}/u;
const textOk = (value: string) =>
  value.length <= maxTransporterTextLength && isCleanText(value) && !invisible.test(value);

/** Access spec §5 "Generic form messages": an e-mail address looks like `name@domain.tld`. */
export function emailLooksValid(email: string): boolean {
  return /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email.trim()) && textOk(email);
}

/**
 * Access spec §5: the phone is a telephone field: digits with the usual separators
 * (`+`, spaces, `(`, `)`, `.`, `/`, `-`), 6 to 15 digits (E.164 allows at most 15).
 */
export function phoneLooksValid(phone: string): boolean {
  const digits = phone.replace(/\D/g, '').length;
  return /^\+?[\d ()./-]+$/.test(phone.trim()) && digits >= 6 && digits <= 15;
}

/** Access spec §5: an Alfapass is 6 digits (new card) or 5 (old); no zero is added. */
export function alfaPassValid(alfaPass: string): boolean {
  return /^\d{5,6}$/.test(alfaPass);
}

/** The digits of a phone number, which the duplicate rule compares. */
export function phoneDigits(phone: string | null | undefined): string {
  return (phone ?? '').replace(/\D/g, '');
}

function required(
  errors: TransporterErrors,
  field: string,
  value: string | null | undefined,
  message: TransporterMessage,
): void {
  if (blank(value)) errors[field] = message;
  else if (!textOk(value!)) errors[field] = 'textFormat';
}

/** A driver's fields as the add and edit dialogs hold them and the server stores them. */
export interface DriverFields {
  firstName: string;
  lastName: string;
  email?: string | null;
  phone?: string | null;
  alfaPass?: string | null;
  sendItsmeLink?: boolean;
}

/**
 * Access spec §5 "Driver": first and last name required; the e-mail must look like an address;
 * the phone is a telephone field; the e-mail is required when an itsme link is to be sent
 * ("Missing email address"); an Alfapass has 5 or 6 digits.
 */
export function validateDriver(driver: DriverFields): TransporterErrors {
  const errors: TransporterErrors = {};
  required(errors, 'firstName', driver.firstName, 'firstNameRequired');
  required(errors, 'lastName', driver.lastName, 'lastNameRequired');
  if (!blank(driver.email) && !emailLooksValid(driver.email!)) errors.email = 'emailInvalid';
  else if (blank(driver.email) && driver.sendItsmeLink) errors.email = 'emailMissing';
  if (!blank(driver.phone) && !phoneLooksValid(driver.phone!)) errors.phone = 'phoneInvalid';
  if (!blank(driver.alfaPass) && !alfaPassValid(driver.alfaPass!.trim()))
    errors.alfaPass = 'alfaPassFormat';
  return errors;
}

/** Access spec §5 "Barge": name required; ENI number required, exactly 8 characters. */
export function validateBarge(barge: { name: string; eniNumber: string }): TransporterErrors {
  const errors: TransporterErrors = {};
  required(errors, 'name', barge.name, 'nameRequired');
  required(errors, 'eniNumber', barge.eniNumber, 'eniNumberRequired');
  if (!errors.eniNumber && barge.eniNumber.trim().length !== eniNumberLength)
    errors.eniNumber = 'eniNumberLength';
  return errors;
}

/** Access spec §5 "Train": name and train code required. */
export function validateTrain(train: { name: string; trainCode: string }): TransporterErrors {
  const errors: TransporterErrors = {};
  required(errors, 'name', train.name, 'nameRequired');
  required(errors, 'trainCode', train.trainCode, 'trainCodeRequired');
  return errors;
}

/** Blank text as null, other text trimmed: how a transporter's optional fields are stored. */
export function trimmedOrNull(value: string | null | undefined): string | null {
  return blank(value) ? null : value!.trim();
}
