import {
  requestFileContentType,
  requestFileExtensions,
  requestFileLimits,
  requestFileProblem,
  requestFilesProblem,
} from '../requests-for-release/attachments.ts';
import type { RequestForReleaseMessage } from '../requests-for-release/validation.ts';
import { textOk } from '../releases/validation.ts';

/**
 * A document's attachments (access spec §3 "Document": "attachments (name, ref, content)"),
 * checked as a request for release's files are (DESIGN §3: by content and size): the same file
 * types read from their first bytes, and the same limits, so one rule serves both.
 */
export const documentAttachmentLimits = requestFileLimits;

/** The extensions an attachment may have (the file picker's `accept`). */
export const documentAttachmentExtensions = requestFileExtensions;

/** The content type of an attachment whose bytes are what its name says, or null. */
export const documentAttachmentContentType = requestFileContentType;

/** A new attachment's problems: `file` (name, size, content, the set), `ref` (free text). */
export type DocumentAttachmentErrors = Partial<Record<'file' | 'ref', RequestForReleaseMessage>>;

/**
 * What is wrong with a new attachment: its name, size and content, then the document's
 * attachments with it (too many, or too large together); its ref is free text (short, no
 * control characters). Message keys under `requestsForRelease.validation.` (the same texts as a
 * request's files); empty when fine.
 */
export function documentAttachmentErrors(
  attachment: { name: string; ref?: string | null; bytes: Uint8Array },
  existingSizes: readonly number[],
): DocumentAttachmentErrors {
  const errors: DocumentAttachmentErrors = {};
  const file =
    requestFileProblem(attachment.name, attachment.bytes) ??
    requestFilesProblem([...existingSizes, attachment.bytes.length]);
  if (file) errors.file = file;
  if (!textOk(attachment.ref ?? '')) errors.ref = 'textFormat';
  return errors;
}
