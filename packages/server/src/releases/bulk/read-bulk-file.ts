import {
  bulkFileMessages,
  bulkLimits,
  bulkPairsOf,
  fillMessage,
  findBulkHeader,
  type BulkFileAnswer,
  type BulkFileWarning,
  type UploadMessage,
} from '@scr/domain';
import { appError } from '../../errors/app-error.ts';
import { readUploadRows, type UploadFile } from '../upload/read-upload.ts';

/**
 * A refused bulk file: 400 validation_failed (413 payload_too_large when over the size limit or
 * too costly to read) with `data.fields.file` = `releases.bulk.file.<reason>`, the message with
 * the `values` it names.
 */
export function bulkFileRefused(reason: UploadMessage, values: Record<string, string> = {}) {
  const tooBig = reason === 'tooLarge' || reason === 'tooComplex';
  return appError(tooBig ? 'payload_too_large' : 'validation_failed', {
    message: fillMessage(bulkFileMessages[reason], values),
    fields: { file: `releases.bulk.file.${reason}` },
  });
}

/**
 * Releases spec §5 "Bulk operations file": the BL + container pairs of a .csv, .xls or .xlsx,
 * read by the multi-upload's reader (checked by name and content, inflated under a cap and
 * parsed in the sheet worker with time and heap limits; formulas are never evaluated, a cell
 * is its cached value), with the bulk limits (10,000 rows). The header is found below a title;
 * a first row that is a pair is read, with a warning (domain `findBulkHeader`). Reads only:
 * nothing is stored.
 */
export async function readBulkFile(file: UploadFile): Promise<BulkFileAnswer> {
  const warnings: BulkFileWarning[] = [];
  const rows = await readUploadRows(file, {
    limits: bulkLimits,
    refused: bulkFileRefused,
    header: (sheet, firstRow) => {
      const { index, warning } = findBulkHeader(sheet, firstRow);
      if (warning) warnings.push(warning);
      return index;
    },
  });
  const { pairs, problems } = bulkPairsOf(rows);
  if (pairs.length === 0 && problems.length === 0) throw bulkFileRefused('empty');
  return {
    fileName: file.fileName.trim(),
    pairs,
    problems,
    ...(warnings.length ? { warnings } : {}),
  };
}
