import { isAmbiguousTypedDate, parseTypedDate } from '../dates.ts';
import { fillMessage } from '../text.ts';
import { uploadColumns, type UploadCell, type UploadColumn } from './upload.ts';

/** How a row of an uploaded file was read that its sender should check, as keys under `releases.upload.`. */
export const uploadWarningMessages = {
  ambiguousDate:
    '"{{typed}}" was read as day {{day}}, month {{month}}, {{year}}: dates are read as DD/MM/YYYY',
} as const;
export type UploadWarningMessage = keyof typeof uploadWarningMessages;

/** A row's warning: its field, the translation key, the values it names, its English text. */
export interface UploadRowWarning {
  field: UploadColumn;
  key: `releases.upload.${UploadWarningMessage}`;
  values: Record<string, string>;
  message: string;
}

/**
 * Releases spec §5 "Multi-upload of releases", dates typed as DD/MM/YYYY: a date cell typed as
 * text that is another date read month first (1/5/2027: 1 May, or 5 January) is read day first,
 * with a warning saying how. A spreadsheet's own date cell is a number, with no such doubt.
 */
export function uploadRowWarnings(cells: readonly UploadCell[]): UploadRowWarning[] {
  return (['validFrom', 'validUntil'] as const).flatMap((field) => {
    const cell = cells[uploadColumns.indexOf(field)];
    if (typeof cell !== 'string' || !isAmbiguousTypedDate(cell)) return [];
    const typed = cell.trim();
    const [year, month, day] = parseTypedDate(typed)!.split('-') as [string, string, string];
    const values = { typed, day: String(Number(day)), month: String(Number(month)), year };
    return [
      {
        field,
        key: 'releases.upload.ambiguousDate' as const,
        values,
        message: fillMessage(uploadWarningMessages.ambiguousDate, values),
      },
    ];
  });
}
