import type {
  BulkFilePair,
  BulkFileProblem,
  BulkFileWarning,
  BulkPair,
  ClassifiedPair,
} from '../releases/bulk-operations.ts';

/**
 * The bulk operations' contract (issue 13 item 1; releases spec §5 "Bulk operations file", §4
 * "Bulk classification"): `bulk-operations/files` reads a file (multipart `file`, or JSON
 * `{fileName, contentBase64}`), `bulk-operations/classifications` classifies pairs.
 */
export interface BulkFileAnswer {
  fileName: string;
  /** The pairs to classify, in the file's order, each once. */
  pairs: BulkFilePair[];
  /** Rows without a BL or a container, or repeating an earlier pair. */
  problems: BulkFileProblem[];
  /** How the file was read that the user should know (its first row was a pair: `noHeader`). */
  warnings?: BulkFileWarning[];
}

/** `bulk-operations/classifications` create: up to `bulkLimits.maxRows` pairs. */
export interface BulkClassifyRequest {
  pairs: BulkPair[];
}

/** The pairs as asked, in the same order, each classified (releases spec §4). */
export interface BulkClassifyAnswer {
  rows: ClassifiedPair[];
}
