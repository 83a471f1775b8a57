import {
  backupFormatVersion,
  BackupFileError,
  backupMagic,
  endOfRows,
  type BackupHeader,
  type BackupSequence,
  type BackupTable,
  type BackupTrailer,
} from './backup-format.ts';
import { backupLines, type BackupLine } from './backup-lines.ts';

/** What a reader of the rows hears, in the file's order. */
export interface BackupVisitor {
  /** After the header has been read and checked, before any table. */
  header?(header: BackupHeader): Promise<void> | void;
  /** One row of `table`, a COPY text line with as many fields as the table has columns. */
  row?(table: BackupTable, line: string): Promise<void> | void;
  /** After the last row of `table`. */
  tableEnd?(table: BackupTable, rows: number): Promise<void> | void;
}

export interface BackupContents {
  header: BackupHeader;
  sequences: Record<string, BackupSequence>;
  trailer: BackupTrailer;
}

/**
 * Reads a backup file through, checking as it goes: the magic line and format version, the
 * header, each table's section in the header's order, the field count of every row, the
 * sequences, and at the END line the row counts and the checksum. Throws BackupFileError at the
 * first problem, naming the line; a visitor whose work must be all or nothing (restore) rolls
 * back on it, since the checksum is known only at the end.
 */
export async function readBackup(file: string, visitor: BackupVisitor = {}) {
  const { lines, sha256 } = backupLines(file);
  try {
    return await readLines(lines, sha256, visitor);
  } finally {
    // Closes the file when a problem (or the visitor) ended the reading early.
    await lines.return(undefined);
  }
}

async function readLines(
  lines: AsyncGenerator<BackupLine>,
  sha256: () => string,
  visitor: BackupVisitor,
): Promise<BackupContents> {
  const next = async (expected: string): Promise<BackupLine> => {
    const line = await lines.next();
    if (line.done) throw new BackupFileError(`the file ends before ${expected}: truncated`);
    return line.value;
  };
  const bad = (line: BackupLine, problem: string): never => {
    throw new BackupFileError(`line ${line.number}: ${problem}`);
  };

  const magic = await next('its first line');
  const [word, version] = magic.text.split(' ');
  if (word !== backupMagic) bad(magic, 'not a portal backup (no SCR-BACKUP line)');
  if (Number(version) > backupFormatVersion) {
    bad(magic, `backup format ${version} is newer than this portal reads (${backupFormatVersion})`);
  }
  if (version !== String(backupFormatVersion)) bad(magic, `unknown backup format "${version}"`);
  const headerLine = await next('its header');
  const header = checkedHeader(keyed(headerLine, 'HEADER', bad));
  await visitor.header?.(header);

  const rows: Record<string, number> = {};
  for (const table of header.tables) {
    const start = await next(`table ${table.name}`);
    if (start.text !== `TABLE ${table.name}`) bad(start, `expected the rows of ${table.name}`);
    const tabs = table.columns.length - 1;
    let count = 0;
    for (let line = await next(`the end of ${table.name}`); line.text !== endOfRows;) {
      if (tabCount(line.text) !== tabs) {
        bad(line, `a row of ${table.name} without its ${table.columns.length} fields`);
      }
      count += 1;
      await visitor.row?.(table, line.text);
      line = await next(`the end of ${table.name}`);
    }
    rows[table.name] = count;
    await visitor.tableEnd?.(table, count);
  }
  const sequences = keyed(
    await next('its sequences'),
    'SEQUENCES',
    bad,
  ) as BackupContents['sequences'];
  const endLine = await next('its END line');
  const trailer = keyed(endLine, 'END', bad);
  if (typeof trailer.sha256 !== 'string' || typeof trailer.rows !== 'object' || !trailer.rows) {
    bad(endLine, 'the END line lacks the row counts or the checksum');
  }
  if ((await lines.next()).done !== true) bad(endLine, 'data after the END line');
  if (trailer.sha256 !== sha256()) {
    throw new BackupFileError('the checksum does not match: the file was altered or damaged');
  }
  const counts = trailer.rows as Record<string, unknown>;
  const listed = Object.keys(counts).sort().join(', ');
  if (
    listed !==
    header.tables
      .map((table) => table.name)
      .sort()
      .join(', ')
  ) {
    throw new BackupFileError('the END line counts other tables than the header lists');
  }
  for (const table of header.tables) {
    if (counts[table.name] !== rows[table.name]) {
      throw new BackupFileError(
        `${table.name} holds ${rows[table.name]} rows, the END line says ${String(counts[table.name])}`,
      );
    }
  }
  return {
    header,
    sequences,
    trailer: trailer as unknown as BackupTrailer,
  } satisfies BackupContents;
}

function keyed(line: BackupLine, key: string, bad: (line: BackupLine, problem: string) => never) {
  if (!line.text.startsWith(`${key} `)) bad(line, `expected the ${key} line`);
  try {
    const value: unknown = JSON.parse(line.text.slice(key.length + 1));
    if (typeof value === 'object' && value !== null) return value as Record<string, unknown>;
  } catch {
    // reported below
  }
  return bad(line, `the ${key} line is not a JSON object`);
}

function checkedHeader(value: Record<string, unknown>): BackupHeader {
  const strings = (list: unknown) =>
    Array.isArray(list) && list.every((item) => typeof item === 'string');
  const tables = value.tables;
  const sound =
    typeof value.portalVersion === 'string' &&
    typeof value.takenAt === 'string' &&
    strings(value.migrations) &&
    Array.isArray(tables) &&
    tables.every(
      (table: BackupTable) =>
        typeof table?.name === 'string' &&
        Array.isArray(table.columns) &&
        table.columns.length > 0 &&
        table.columns.every((c) => typeof c?.name === 'string' && typeof c.type === 'string'),
    );
  if (!sound) throw new BackupFileError('line 2: the header lacks or misstates a field');
  return value as unknown as BackupHeader;
}

function tabCount(text: string): number {
  let count = 0;
  for (let at = text.indexOf('\t'); at !== -1; at = text.indexOf('\t', at + 1)) count += 1;
  return count;
}
