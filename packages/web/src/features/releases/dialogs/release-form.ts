import {
  formatTypedDate,
  normalizeContainerNumber,
  releaseDefaults,
  sentDate,
  typedDateErrors,
  validateReleaseInput,
  type IsoDate,
  type ReleaseErrors,
  type ReleaseInput,
} from '@scr/domain';

/** The create form's fields, as typed (dates as DD/MM/YYYY). */
export const blFormFields = [
  'blNumber',
  'vessel',
  'voyageNumber',
  'agent',
  'stayNumber',
  'lloydsNumber',
  'portOfLoading',
  'portOfDestination',
] as const;
export const containerFormFields = [
  'containerNumber',
  'isoTypeCode',
  'pickupLocation',
  'validFrom',
  'validUntil',
  'pincode',
] as const;
export const turnInFormFields = [
  'turnInLocation',
  'turnInReference',
  'turnInLocationBarge',
  'turnInReferenceBarge',
  'turnInLocationRail',
  'turnInReferenceRail',
] as const;

export type ReleaseFormField =
  | (typeof blFormFields)[number]
  | (typeof containerFormFields)[number]
  | (typeof turnInFormFields)[number];
export type ReleaseFormValues = Record<ReleaseFormField, string>;

/** Releases spec §5, §9: 20DV, valid from today until today + 60 days; the rest empty. */
export function emptyReleaseForm(today?: IsoDate): ReleaseFormValues {
  const defaults = releaseDefaults(today);
  const blank = Object.fromEntries(
    [...blFormFields, ...containerFormFields, ...turnInFormFields].map((field) => [field, '']),
  ) as ReleaseFormValues;
  return {
    ...blank,
    isoTypeCode: defaults.isoTypeCode,
    validFrom: formatTypedDate(defaults.validFrom),
    validUntil: formatTypedDate(defaults.validUntil),
  };
}

const optional = (value: string) => (value.trim() === '' ? null : value.trim());

/** The create payload of releases spec §3 (the creator is the signed-in carrier). */
export function toReleaseInput(values: ReleaseFormValues): ReleaseInput {
  return {
    billOfLading: {
      blNumber: values.blNumber.trim(),
      vessel: optional(values.vessel),
      voyageNumber: optional(values.voyageNumber),
      agent: optional(values.agent),
      stayNumber: optional(values.stayNumber),
      lloydsNumber: optional(values.lloydsNumber),
      portOfLoading: optional(values.portOfLoading),
      portOfDestination: optional(values.portOfDestination),
    },
    container: {
      containerNumber: normalizeContainerNumber(values.containerNumber),
      isoTypeCode: optional(values.isoTypeCode),
      pickupLocation: values.pickupLocation.trim(),
      validFrom: sentDate(values.validFrom),
      validUntil: sentDate(values.validUntil),
      turnInLocation: optional(values.turnInLocation),
      turnInReference: optional(values.turnInReference),
      turnInLocationBarge: optional(values.turnInLocationBarge),
      turnInReferenceBarge: optional(values.turnInReferenceBarge),
      turnInLocationRail: optional(values.turnInLocationRail),
      turnInReferenceRail: optional(values.turnInReferenceRail),
      ...(values.pincode.trim() ? { pincode: values.pincode.trim() } : {}),
    },
  };
}

/** Releases spec §5, checked before sending by the domain's own rules. */
export function validateReleaseForm(
  values: ReleaseFormValues,
  terminalCodes: ReadonlySet<string>,
  today?: IsoDate,
): ReleaseErrors {
  return {
    ...validateReleaseInput(toReleaseInput(values), { terminalCodes, today, source: 'form' }),
    ...typedDateErrors(values),
  };
}

/**
 * The per-field message keys of a 400 answer (`data.fields`), by the form's own field names:
 * `container.validUntil` and `validUntil` both land on validUntil.
 */
export function serverFieldKeys(error: unknown): Record<string, string> {
  const data = (error as { data?: { fields?: unknown } } | null)?.data;
  const fields = data && typeof data.fields === 'object' && data.fields ? data.fields : {};
  const keys: Record<string, string> = {};
  for (const [path, key] of Object.entries(fields as Record<string, unknown>)) {
    if (typeof key === 'string') keys[path.split(/[./]/).pop()!] = key;
  }
  return keys;
}
