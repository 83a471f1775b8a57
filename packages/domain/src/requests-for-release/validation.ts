import {
  formMessageTexts,
  required,
  startsWith,
  type FormMessage,
} from '../forms/form-messages.ts';
import { maxBlNumberLength, referenceOk, releaseMessages, textOk } from '../releases/validation.ts';
import { requestFileLimits, requestFileProblem, requestFilesProblem } from './attachments.ts';
import { blHasPrefix, requiredBlPrefixes } from './carriers.ts';
import {
  containerListProblem,
  maxRequestContainers,
  requestContainerList,
} from './container-list.ts';

/**
 * Releases spec §5 "Request for release": the messages said with the generic form templates
 * (§5 "Generic form messages"), by their keys under `requestsForRelease.validation.`.
 */
export const requestForReleaseFormMessages = {
  carrierRequired: required('carrier'),
  blNumberRequired: required('blNumber'),
  blNumberPrefix: startsWith('blNumber'),
  fileNameRequired: required('fileName'),
} as const satisfies Record<string, FormMessage>;

/**
 * Releases spec §5 "Request for release" and the generic form messages, as translation keys
 * under `requestsForRelease.validation.` (the web shows them under the fields, the server
 * answers them per field in a 400), in English. `{{prefixes}}` is filled in with the carrier's
 * prefixes.
 */
export const requestForReleaseMessages = {
  ...formMessageTexts(requestForReleaseFormMessages),
  carrierNotOffered: 'This carrier is not on your list of carriers for requests for release',
  blNumberFormat: releaseMessages.blNumberFormat,
  containersFormat: releaseMessages.containerNumberFormat,
  containersTooMany: `At most ${maxRequestContainers} containers`,
  containersMismatch: 'The container list does not name the containers of the free text',
  organizationNotYours: 'A request can only be sent for your own organisation',
  textFormat: releaseMessages.textFormat,
  fileNameFormat: `A file name has at most ${requestFileLimits.maxNameLength} characters, without control characters or slashes`,
  fileEmpty: 'The file is empty',
  fileTooLarge: 'A file may be at most 2 MB',
  fileType: 'Only PDF, PNG, JPEG, Word or Excel files whose content matches their name',
  tooManyFiles: `At most ${requestFileLimits.maxFiles} files`,
  filesTooLarge: 'The files together may be at most 2.5 MB',
  otherBlNumber: "A release that answers a request is for the request's BL",
} as const;
export type RequestForReleaseMessage = keyof typeof requestForReleaseMessages;

/** Field → message key (`files.1` for the second file, `files.1.ref` for its comment). */
export type RequestForReleaseErrors = Partial<Record<string, RequestForReleaseMessage>>;

/** A request as the form holds it (files already read), and as the server checks it. */
export interface RequestForReleaseFields {
  carrierAddress: string;
  blNumber: string;
  containersRaw?: string | null;
  /** Releases spec §3 "containers (list)": sent with the free text, it must agree with it. */
  containers?: readonly string[] | null;
  /** Releases spec §7: the requester's address, when the client sends it (its own). */
  organizationAddress?: string | null;
  reference?: string | null;
  invoiceNumber?: string | null;
  files?: readonly { name: string; ref?: string | null; bytes: Uint8Array }[];
}

/**
 * Releases spec §5 "Request for release": carrier and blNumber are required; for the carrier
 * the spec names the BL must start with HLCU (`requiredBlPrefixes`); the containers parsed
 * from the free text keep to a container number's form; reference and invoice number are free
 * text (optional, short, no control characters); the files are checked by content and size.
 * `carrier` is the chosen carrier among those offered (access spec §9, subscription 11's
 * remark), or null when the address names none of them. The free text and the list of
 * containers, both sent, must agree (`requestContainerList`). With `requester` (the server),
 * an `organizationAddress` sent must be the requester's own: nobody asks in another's name.
 */
export function validateRequestForRelease(
  fields: RequestForReleaseFields,
  carrier: { name: string } | null,
  requester?: { address: string },
): RequestForReleaseErrors {
  const errors: RequestForReleaseErrors = {};
  if (!fields.carrierAddress.trim()) errors.carrierAddress = 'carrierRequired';
  else if (!carrier) errors.carrierAddress = 'carrierNotOffered';
  const bl = fields.blNumber.trim();
  if (!bl) errors.blNumber = 'blNumberRequired';
  else if (!referenceOk(bl, maxBlNumberLength)) errors.blNumber = 'blNumberFormat';
  else if (carrier && !blHasPrefix(bl, requiredBlPrefixes(carrier.name))) {
    errors.blNumber = 'blNumberPrefix';
  }
  const list = requestContainerList(fields.containersRaw, fields.containers);
  const containers = containerListProblem(list.containers);
  if (containers) errors[list.source] = containers;
  if (list.mismatch) errors.containers = 'containersMismatch';
  const claimed = fields.organizationAddress?.trim().toLowerCase();
  if (requester && claimed && claimed !== requester.address.toLowerCase()) {
    errors.organizationAddress = 'organizationNotYours';
  }
  for (const field of ['reference', 'invoiceNumber'] as const) {
    if (!textOk(fields[field] ?? '')) errors[field] = 'textFormat';
  }
  const files = fields.files ?? [];
  files.forEach((file, index) => {
    const problem = requestFileProblem(file.name, file.bytes);
    if (problem) errors[`files.${index}`] = problem;
    if (!textOk(file.ref ?? '')) errors[`files.${index}.ref`] = 'textFormat';
  });
  const together = requestFilesProblem(files.map((file) => file.bytes.length));
  if (together) errors.files = together;
  return errors;
}

/**
 * Issue 12 item 3: the carrier answers a request by creating its releases, so each is for the
 * request's BL (the same number, whatever its case or surrounding spaces).
 */
export function answersRequestBl(requestBl: string, releaseBl: string | null | undefined): boolean {
  return (releaseBl ?? '').trim().toUpperCase() === requestBl.trim().toUpperCase();
}
