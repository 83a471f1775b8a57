import { addDays, isIsoDate, todayInBrussels, type IsoDate } from '../dates.ts';
import { editableFields, type ReleaseEdit, type ReleaseInput } from './release.ts';

/**
 * Releases spec §5 "Create and edit a release": the messages, as translation keys under
 * `releases.validation.` (the web shows them, the server answers them per field).
 */
export const releaseMessages = {
  blNumberRequired: 'Please provide a BL number',
  containerNumberRequired: 'Please provide a container number',
  pickupLocationRequired: 'Please provide a pickup location',
  validFromRequired: 'Please provide a Valid from date',
  validUntilRequired: 'Please provide a Valid until date',
  isoTypeQuotes: 'container type may not contain quotes',
  validUntilBeforeFrom: 'Valid until date is before Valid from date',
  validUntilInPast: 'Valid until date is in the past',
  invalidTerminal: 'invalid terminal code',
  invalidDate: 'Please provide a date as DD/MM/YYYY',
  blNumberFormat: 'A BL number has letters, digits and . - / _ only, at most 35 characters',
  containerNumberFormat:
    'A container number has letters, digits and . - / _ only, at most 20 characters',
  pincodeFormat: 'A pincode has visible characters only, at most 64',
  textFormat: 'At most 100 characters, without control characters',
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
] as const;

function checkTexts(fields: Record<string, unknown>): ReleaseErrors {
  const errors: ReleaseErrors = {};
  for (const field of textFields) {
    const value = fields[field];
    if (typeof value === 'string' && !textOk(value)) errors[field] = 'textFormat';
  }
  return errors;
}

interface Context {
  today?: IsoDate;
  /** The known terminal codes; pickupLocation must be one of them. */
  terminalCodes: ReadonlySet<string>;
}

/** Releases spec §5: checks one release to create. */
export function validateReleaseInput(input: ReleaseInput, context: Context): ReleaseErrors {
  const errors: ReleaseErrors = {};
  const { billOfLading: bl, container: c } = input;
  Object.assign(errors, checkTexts({ ...bl }), checkTexts({ ...c }));
  if (blank(bl.blNumber)) errors.blNumber = 'blNumberRequired';
  else if (!referenceOk(bl.blNumber, maxBlNumberLength)) errors.blNumber = 'blNumberFormat';
  if (blank(c.containerNumber)) errors.containerNumber = 'containerNumberRequired';
  else if (!referenceOk(c.containerNumber, maxContainerNumberLength))
    errors.containerNumber = 'containerNumberFormat';
  // One pincode check for the form and the server (issue 10): an empty one sent is refused too.
  if (c.pincode != null && !pincodeOk(c.pincode)) errors.pincode = 'pincodeFormat';
  if (blank(c.validFrom)) errors.validFrom = 'validFromRequired';
  else if (!isIsoDate(c.validFrom)) errors.validFrom = 'invalidDate';
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
    if (!isIsoDate(until!)) errors.validUntil = 'invalidDate';
    else if (validFrom && isIsoDate(validFrom) && until! < validFrom) {
      errors.validUntil = 'validUntilBeforeFrom';
    } else if (until! <= today) errors.validUntil = 'validUntilInPast';
  }
  return errors;
}
