import { addDays, isIsoDate, todayInBrussels, type IsoDate } from '../dates.ts';
import {
  containerCheckDigit,
  containerNumberLength,
  containerNumberProblem,
  normalizeContainerNumber,
} from './container-number.ts';
import { fillMessage } from '../text.ts';
import { formMessageTexts, required, type FormMessage } from '../forms/form-messages.ts';
import { editableFields, type ReleaseEdit, type ReleaseInput } from './release.ts';

/**
 * Releases spec §5 "Create and edit a release": the required fields' messages, said with the
 * generic form template (§5 "Generic form messages"), by their keys under `releases.validation.`.
 */
export const releaseFormMessages = {
  blNumberRequired: required('blNumber'),
  containerNumberRequired: required('containerNumber'),
  pickupLocationRequired: required('pickupLocation'),
  validFromRequired: required('validFrom'),
  validUntilRequired: required('validUntil'),
} as const satisfies Record<string, FormMessage>;

/**
 * Releases spec §5 "Create and edit a release": the messages, as translation keys under
 * `releases.validation.` (the web shows them, the server answers them per field), in English.
 */
export const releaseMessages = {
  ...formMessageTexts(releaseFormMessages),
  isoTypeQuotes: 'container type may not contain quotes',
  validUntilBeforeFrom: 'Valid until date is before Valid from date',
  validUntilInPast: 'Valid until date is in the past',
  invalidTerminal: 'invalid terminal code',
  invalidDate: 'Please provide a date as DD/MM/YYYY',
  /** The JSON API's dates are ISO 8601 (releases spec §3), not typed. */
  invalidApiDate: 'Please send a date as YYYY-MM-DD, like 2027-12-31',
  blNumberFormat: 'A BL number has letters, digits and . - / _ only, at most 35 characters',
  containerNumberFormat:
    'A container number has letters, digits and . - / _ only, at most 20 characters',
  pincodeFormat: 'A pincode has visible characters only, at most 64',
  textFormat: 'At most 100 characters, without control characters',
  // Issue 15: a field over its limit says the limit, and a container number is ISO 6346.
  blNumberTooLong: 'A BL number has at most {{max}} characters (this one has {{length}})',
  containerNumberLength:
    'A container number has {{max}} characters, like CSQU3054383 (this one has {{length}})',
  containerNumberShape:
    'A container number is 3 letters, U, J or Z, then 7 digits, like CSQU3054383',
  checkDigit: 'Wrong check digit: for {{prefix}} it is {{expected}} ({{prefix}}{{expected}})',
  pincodeTooLong: 'A pincode has at most {{max}} characters (this one has {{length}})',
  textTooLong: 'At most {{max}} characters (this one has {{length}})',
  textControl: 'Remove the control characters from this text',
  // Releases spec §3 "Create payload": a container that repeats its BL number.
  blNumberMismatch: "The container's BL number is not the bill of lading's",
} as const;
export type ReleaseMessage = keyof typeof releaseMessages;

/** Field → message key; empty when the input is valid. */
export type ReleaseErrors = Partial<Record<string, ReleaseMessage>>;

/** Releases spec §5 and §9: defaults 20DV, valid from today, until today + 60 days. */
export function releaseDefaults(today: IsoDate = todayInBrussels()) {
  return { isoTypeCode: '20DV', validFrom: today, validUntil: addDays(today, 60) };
}

const blank = (value: string | null | undefined) => value == null || value.trim() === '';

/** Issue 9 §7: a BL or container number is letters, digits and a few separators. */
const referencePattern = /^[\p{L}\p{N}][\p{L}\p{N} ._/-]*$/u;
export const maxBlNumberLength = 35;
export const maxContainerNumberLength = 20;
export const maxPincodeLength = 64;
export const maxTextLength = 100;
/** Control, format, surrogate, private-use and unassigned characters (Unicode category C). */
const invisible = /\p{C}/u;

/** Issue 9 §7: whether a BL or container number keeps to its characters and length. */
export function referenceOk(value: string, maxLength: number): boolean {
  const text = value.trim();
  return text.length <= maxLength && referencePattern.test(text);
}

/** Issue 9 §7: a pincode is not blank and has visible characters only (spaces inside allowed). */
export function pincodeOk(value: string): boolean {
  return value.trim() !== '' && value.length <= maxPincodeLength && !invisible.test(value);
}

/** Issue 9 §7: a free text field (vessel, agent, turn-in reference…): short, no control characters. */
export function textOk(value: string): boolean {
  return value.length <= maxTextLength && !invisible.test(value);
}

/**
 * Text fields checked with `textOk` (releases spec §3): the editable ones besides the terminal
 * and the date, and the three set only at creation.
 */
const textFields = [
  ...editableFields.filter((field) => field !== 'pickupLocation' && field !== 'validUntil'),
  'agent',
  'isoTypeCode',
  'pickupPort',
  'ediName',
  'ediLocode',
  'ediPcs',
] as const;

function checkTexts(fields: Record<string, unknown>): ReleaseErrors {
  const errors: ReleaseErrors = {};
  for (const field of textFields) {
    const value = fields[field];
    if (typeof value !== 'string' || textOk(value)) continue;
    errors[field] = value.length > maxTextLength ? 'textTooLong' : 'textControl';
  }
  return errors;
}

/** Issue 15: the most a release field holds, for the messages that name the limit. */
export function releaseFieldLimit(field: string): number {
  if (field === 'blNumber') return maxBlNumberLength;
  if (field === 'containerNumber') return containerNumberLength;
  if (field === 'pincode') return maxPincodeLength;
  return maxTextLength;
}

/**
 * The values a field's message names (issue 15): the limit (`max`), the typed length, and for
 * a container number its first ten characters (`prefix`) and their check digit (`expected`).
 */
export function releaseMessageValues(field: string, value: unknown): Record<string, string> {
  const text = typeof value === 'string' ? value.trim() : '';
  const values: Record<string, string> = {
    max: String(releaseFieldLimit(field)),
    length: String(text.length),
  };
  if (field === 'containerNumber') {
    const prefix = normalizeContainerNumber(text).slice(0, 10);
    values.prefix = prefix;
    values.expected = String(containerCheckDigit(prefix));
  }
  return values;
}

/** A message of `releaseMessages` in English with its values filled in (the API's text). */
export function releaseMessageText(message: ReleaseMessage, values: Record<string, string>) {
  return fillMessage(releaseMessages[message], values);
}

function checkReference(value: string): ReleaseMessage | null {
  if (value.trim().length > maxBlNumberLength) return 'blNumberTooLong';
  return referenceOk(value, maxBlNumberLength) ? null : 'blNumberFormat';
}

function checkPincode(value: string): ReleaseMessage | null {
  if (value.length > maxPincodeLength) return 'pincodeTooLong';
  return pincodeOk(value) ? null : 'pincodeFormat';
}

/**
 * Where a release's fields come from: the dialog's form and an uploaded file take dates typed
 * as DD/MM/YYYY, the JSON API sends them as YYYY-MM-DD; a date in neither is told the form of
 * its source.
 */
export type ReleaseInputSource = 'form' | 'upload' | 'api';

interface Context {
  today?: IsoDate;
  /** The known terminal codes; pickupLocation must be one of them. */
  terminalCodes: ReadonlySet<string>;
  source: ReleaseInputSource;
}

const invalidDateOf = (source: ReleaseInputSource): ReleaseMessage =>
  source === 'api' ? 'invalidApiDate' : 'invalidDate';

/** Releases spec §5: checks one release to create. */
export function validateReleaseInput(input: ReleaseInput, context: Context): ReleaseErrors {
  const errors: ReleaseErrors = {};
  const { billOfLading: bl, container: c } = input;
  Object.assign(errors, checkTexts({ ...bl }), checkTexts({ ...c }));
  if (blank(bl.blNumber)) errors.blNumber = 'blNumberRequired';
  else {
    const problem = checkReference(bl.blNumber);
    if (problem) errors.blNumber = problem;
  }
  if (!blank(c.blNumber) && c.blNumber!.trim() !== bl.blNumber.trim()) {
    errors['container.blNumber'] = 'blNumberMismatch';
  }
  if (blank(c.containerNumber)) errors.containerNumber = 'containerNumberRequired';
  else {
    // Issue 15: ISO 6346, check digit included.
    const problem = containerNumberProblem(c.containerNumber);
    if (problem) errors.containerNumber = problem;
  }
  // One pincode check for the form and the server (issue 10): an empty one sent is refused too.
  if (c.pincode != null) {
    const problem = checkPincode(c.pincode);
    if (problem) errors.pincode = problem;
  }
  if (blank(c.validFrom)) errors.validFrom = 'validFromRequired';
  else if (!isIsoDate(c.validFrom)) errors.validFrom = invalidDateOf(context.source);
  Object.assign(errors, checkShared(c, context, c.validFrom));
  if (blank(c.pickupLocation)) errors.pickupLocation = 'pickupLocationRequired';
  if (blank(c.validUntil)) errors.validUntil = 'validUntilRequired';
  return errors;
}

/**
 * Releases spec §5: checks an edit (single or multi). Only the fields present are checked;
 * `validFrom` is the release's own, for the until-before-from rule.
 */
export function validateReleaseEdit(
  edit: ReleaseEdit,
  context: Context & { validFrom: IsoDate },
): ReleaseErrors {
  const errors = { ...checkTexts(edit), ...checkShared(edit, context, context.validFrom) };
  if ('pickupLocation' in edit && blank(edit.pickupLocation)) {
    errors.pickupLocation = 'pickupLocationRequired';
  }
  if ('validUntil' in edit && blank(edit.validUntil)) errors.validUntil = 'validUntilRequired';
  return errors;
}

function checkShared(
  fields: {
    isoTypeCode?: string | null;
    pickupLocation?: string | null;
    validUntil?: string | null;
  },
  context: Context,
  validFrom: string | null | undefined,
): ReleaseErrors {
  const errors: ReleaseErrors = {};
  const today = context.today ?? todayInBrussels();
  if (fields.isoTypeCode && /['"]/.test(fields.isoTypeCode)) errors.isoTypeCode = 'isoTypeQuotes';
  if (!blank(fields.pickupLocation) && !context.terminalCodes.has(fields.pickupLocation!.trim())) {
    errors.pickupLocation = 'invalidTerminal';
  }
  const until = fields.validUntil;
  if (!blank(until)) {
    if (!isIsoDate(until!)) errors.validUntil = invalidDateOf(context.source);
    else if (validFrom && isIsoDate(validFrom) && until! < validFrom) {
      errors.validUntil = 'validUntilBeforeFrom';
    } else if (until! <= today) errors.validUntil = 'validUntilInPast';
  }
  return errors;
}
