import {
  decodeCsvBytes,
  isUploadFileName,
  uploadFileTypes,
  uploadLimits,
  type UploadRowResult,
} from '@scr/domain';
import type { TFunction } from 'i18next';
import { fieldMessage } from '../../../ui/form-message.ts';

/** What the file input accepts (releases spec §5 "Multi-upload of releases": csv, xls, xlsx). */
export const uploadAccept = uploadFileTypes.join(',');

/** The values the upload messages name (`releases.upload.tooLarge`, `tooManyRows`). */
export const uploadMessageValues = {
  maxMb: uploadLimits.maxBytes / 1024 / 1024,
  maxRows: uploadLimits.maxRows,
};

/** Why a chosen file cannot be uploaded (a translation key), or null when it can. */
export function uploadFileProblem(file: File | null): string | null {
  if (!file) return 'releases.upload.fileRequired';
  if (!isUploadFileName(file.name)) return 'releases.upload.fileType';
  if (file.size > uploadLimits.maxBytes) return 'releases.upload.tooLarge';
  return null;
}

/**
 * The encoding a chosen .csv's byte order mark names but its text is not in (domain
 * `decodeCsvBytes`), or null: read in the browser before sending, as the server reads it.
 */
export async function unreadableCsvEncoding(file: File): Promise<string | null> {
  if (!file.name.trim().toLowerCase().endsWith('.csv')) return null;
  const decoded = decodeCsvBytes(new Uint8Array(await file.arrayBuffer()));
  return 'unreadable' in decoded ? decoded.unreadable : null;
}

/** A refused row's problems in words: field messages are translation keys, or plain text. */
export function rowProblems(t: TFunction, row: UploadRowResult): string[] {
  const errors = row.errors;
  if (!errors) return [];
  // A required field's message is the forms' generic template (releases spec §5), as in the
  // dialogs (`fieldMessage`); the others are the upload's own keys.
  const say = (text: string) =>
    fieldMessage(t, text, { defaultValue: text, ...uploadMessageValues });
  if (Array.isArray(errors)) return errors.map(say);
  return Object.entries(errors).map(
    ([field, key]) => `${t(`releases.columns.${field}`, { defaultValue: field })}: ${say(key)}`,
  );
}

/**
 * How a row was read that its sender should check, in words: a date typed 1/5/2027 read day
 * first (domain `uploadRowWarnings`), each after its column's name.
 */
export function rowWarnings(t: TFunction, row: UploadRowResult): string[] {
  return (row.warnings ?? []).map(
    (warning) =>
      `${t(`releases.columns.${warning.field}`, { defaultValue: warning.field })}: ${t(
        warning.key,
        { defaultValue: warning.message, ...warning.values },
      )}`,
  );
}
