/**
 * The portable backup file (issue 42 item 9): one format for PGlite and PostgreSQL, so a backup of
 * either restores into either. A gzip stream of UTF-8 text lines:
 *
 *     SCR-BACKUP 1                                   the magic line and the format version
 *     HEADER {"portalVersion":…,"migrations":[…],"tables":[{"name":…,"columns":[…]}],…}
 *     TABLE organizations                            one section per table, in the header's order
 *     1\tAcme\t\N\t…                                 its rows in PostgreSQL's COPY text format
 *     \.                                             the end of the table's rows
 *     …
 *     SEQUENCES {"organizations_id_seq":{"value":"12","called":true},…}
 *     END {"rows":{"organizations":1,…},"sha256":"…"}
 *
 * The row counts and the checksum are known only once every row is written, so they close the
 * file instead of opening it; `sha256` covers every byte before the END line. A file without
 * its END line is truncated. A COPY text row is one line (a newline in a value is written `\n`),
 * and a value `\.` is written `\\.`, so a row never reads as the end of a table.
 */

export const backupMagic = 'SCR-BACKUP';
export const backupFormatVersion = 1;

export interface BackupColumn {
  name: string;
  /** PostgreSQL's name of the type (`format_type`), e.g. `timestamp with time zone`. */
  type: string;
}

export interface BackupTable {
  name: string;
  columns: BackupColumn[];
}

export interface BackupHeader {
  portalVersion: string;
  /** When the snapshot was taken (ISO 8601, UTC). */
  takenAt: string;
  /** The back end it was taken from: informative only, a backup restores into either. */
  source: 'pglite' | 'postgres';
  /** The database's `server_version`. */
  serverVersion: string;
  /** The migrations applied when it was taken, in the order they ran (knex_migrations). */
  migrations: string[];
  tables: BackupTable[];
}

export interface BackupSequence {
  /** bigint, as text. */
  value: string;
  /** False: the next `nextval` answers `value` itself (PostgreSQL's `is_called`). */
  called: boolean;
}

export interface BackupTrailer {
  rows: Record<string, number>;
  /** SHA-256, hex, of every byte of the uncompressed stream before the END line. */
  sha256: string;
}

export const endOfRows = '\\.';

/**
 * A COPY text field as PostgreSQL's `COPY … TO` writes it: NULL is `\N`; backslash and the
 * control characters it names (backspace, form feed, newline, carriage return, tab, vertical
 * tab) are escaped. So both back ends write the same bytes for the same rows.
 */
export function copyField(value: string | null): string {
  if (value === null) return '\\N';
  return value.replace(/[\\\b\f\n\r\t\v]/g, (c) => copyEscapes[c]!);
}

const copyEscapes: Record<string, string> = {
  '\\': '\\\\',
  '\b': '\\b',
  '\f': '\\f',
  '\n': '\\n',
  '\r': '\\r',
  '\t': '\\t',
  '\v': '\\v',
};
const copyUnescapes: Record<string, string> = {
  n: '\n',
  r: '\r',
  t: '\t',
  b: '\b',
  f: '\f',
  v: '\v',
};

/** The fields of one COPY text row; null for `\N`. */
export function copyFields(line: string): (string | null)[] {
  return line
    .split('\t')
    .map((field) =>
      field === '\\N' ? null : field.replace(/\\(.)/g, (_, c: string) => copyUnescapes[c] ?? c),
    );
}

/** Thrown for a file that is not a sound backup; nothing has been written when it is thrown. */
export class BackupFileError extends Error {
  override name = 'BackupFileError';
}

/**
 * The session settings under which values are written and read as text, so a timestamp, an
 * interval or a float means the same on either back end: `set local`, inside the transaction.
 */
export const textSettings = [
  `set local timezone = 'UTC'`,
  `set local datestyle = 'ISO, YMD'`,
  `set local intervalstyle = 'postgres'`,
  'set local extra_float_digits = 3',
  `set local bytea_output = 'hex'`,
].join('; ');
