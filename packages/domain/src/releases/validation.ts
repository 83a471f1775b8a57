import { addDays, isIsoDate, todayInBrussels, type IsoDate } from '../dates.ts';
import type { ReleaseEdit, ReleaseInput } from './release.ts';

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
} as const;
export type ReleaseMessage = keyof typeof releaseMessages;

/** Field → message key; empty when the input is valid. */
export type ReleaseErrors = Partial<Record<string, ReleaseMessage>>;

/** Releases spec §5 and §9: defaults 20DV, valid from today, until today + 60 days. */
export function releaseDefaults(today: IsoDate = todayInBrussels()) {
  return { isoTypeCode: '20DV', validFrom: today, validUntil: addDays(today, 60) };
}

const blank = (value: string | null | undefined) => value == null || value.trim() === '';

interface Context {
  today?: IsoDate;
  /** The known terminal codes; pickupLocation must be one of them. */
  terminalCodes: ReadonlySet<string>;
}

/** Releases spec §5: checks one release to create. */
export function validateReleaseInput(input: ReleaseInput, context: Context): ReleaseErrors {
  const errors: ReleaseErrors = {};
  const { billOfLading: bl, container: c } = input;
  if (blank(bl.blNumber)) errors.blNumber = 'blNumberRequired';
  if (blank(c.containerNumber)) errors.containerNumber = 'containerNumberRequired';
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
  const errors = checkShared(edit, context, context.validFrom);
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
