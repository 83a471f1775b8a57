import {
  validateRequestForRelease,
  type RequestCarrier,
  type RequestFileKind,
  type RequestForReleaseInput,
} from '@scr/domain';
import { toBase64 } from './file-bytes.ts';

/** A file picked in the form, read into memory. */
export interface PickedFile {
  key: string;
  kind: RequestFileKind;
  name: string;
  ref: string;
  bytes: Uint8Array;
}

/** The request form as typed (releases spec §3 "Request for release"). */
export interface RequestFormValues {
  carrierAddress: string;
  blNumber: string;
  containersRaw: string;
  reference: string;
  invoiceNumber: string;
  files: PickedFile[];
}

export type RequestTextField = Exclude<keyof RequestFormValues, 'files'>;

/** An empty form; the only carrier offered is chosen at once. */
export function emptyRequestForm(carriers: readonly RequestCarrier[] = []): RequestFormValues {
  return {
    carrierAddress: carriers.length === 1 ? carriers[0]!.address : '',
    blNumber: '',
    containersRaw: '',
    reference: '',
    invoiceNumber: '',
    files: [],
  };
}

/** Field → translation key (`requestsForRelease.validation.…`), as the server answers them. */
export type RequestFieldKeys = Record<string, string>;

/**
 * Releases spec §5 "Request for release", checked before sending by the domain's own rules,
 * against the carriers offered (access spec §9).
 */
export function validateRequestForm(
  values: RequestFormValues,
  carriers: readonly RequestCarrier[],
): RequestFieldKeys {
  const carrier = carriers.find((offered) => offered.address === values.carrierAddress) ?? null;
  const errors = validateRequestForRelease(values, carrier);
  return Object.fromEntries(
    Object.entries(errors).map(([field, message]) => [
      field,
      `requestsForRelease.validation.${message}`,
    ]),
  );
}

const optional = (value: string) => (value.trim() === '' ? null : value.trim());

/** The create payload of releases spec §7 (the requester and the time are the server's). */
export function toRequestInput(values: RequestFormValues): RequestForReleaseInput {
  return {
    carrierAddress: values.carrierAddress,
    blNumber: values.blNumber.trim(),
    containersRaw: optional(values.containersRaw),
    reference: optional(values.reference),
    invoiceNumber: optional(values.invoiceNumber),
    files: values.files.map((file) => ({
      kind: file.kind,
      name: file.name,
      ref: optional(file.ref),
      contentBase64: toBase64(file.bytes),
    })),
  };
}

/** The field keys of a 400 answer (`data.fields`), e.g. `files.0` or `blNumber`. */
export function serverRequestFieldKeys(error: unknown): RequestFieldKeys {
  const fields = (error as { data?: { fields?: unknown } } | null)?.data?.fields;
  if (!fields || typeof fields !== 'object') return {};
  return Object.fromEntries(
    Object.entries(fields).filter(
      (entry): entry is [string, string] => typeof entry[1] === 'string',
    ),
  );
}
