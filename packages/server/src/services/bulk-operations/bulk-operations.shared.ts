import { servicePaths } from '@scr/domain';

/** `POST /api/bulk-operations/files` (multipart `file`, or JSON `{fileName, contentBase64}`). */
export const bulkFilesPath = servicePaths.bulkFiles;
/** `POST /api/bulk-operations/classifications` `{pairs}`. */
export const bulkClassificationsPath = servicePaths.bulkClassifications;

export type { BulkClassifyAnswer, BulkClassifyRequest, BulkFileAnswer } from '@scr/domain';
