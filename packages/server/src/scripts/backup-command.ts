/**
 * What `npm run backup` and `npm run restore` share: the exit codes, the notes of their help,
 * the database they open and how a failure is told.
 */
import { resolve } from 'node:path';
import { BackupFileError } from '../backup/backup-format.ts';
import { openForBackup } from '../backup/open-for-backup.ts';
import { RestoreRefusedError } from '../backup/restore-backup.ts';
import { BackupRefusedError } from '../backup/write-backup.ts';
import { ConfigError, loadConfig, type Config } from '../config.ts';
import { DataDirLockedError } from '../db/data-dir-lock.ts';
import type { Database } from '../db/database.ts';

export const exitCodes = {
  done: 0,
  /** The database or the disk failed; nothing half-done is left. */
  failed: 1,
  usage: 2,
  /** The file is not a sound backup, or one this portal version cannot restore. */
  badFile: 3,
  /** Refused: the database is not empty, in use, or the file exists. */
  refused: 4,
} as const;

export const backupNotes = `Which database: the embedded one in DATA_DIR (default ./data), or the PostgreSQL
database of DATABASE_URL when it is set. One format for both: a backup of either
restores into either, so a portal moves from the embedded database to PostgreSQL
(and back) by a backup and a restore.

Keep backups as you keep the database itself: they hold everything it holds,
hashed API keys, pincodes sealed to organisations' keys, wallet keystores
(encrypted under their users' passwords), sessions, webhook signing secrets, the
outbox. The file is written readable by its owner only (mode 0600). Nothing is
added to it that the database does not hold.

Not in the database, so not in the backup: keep these beside it.
  DATA_DIR/server-key   the key the server signs its ledger events with, unless
                        SERVER_PRIVATE_KEY is set: without it verify-ledger needs
                        --server-address of the old key, and new events are
                        signed by a new one
  DATA_DIR/auth-secret  the secret access tokens are signed with, unless AUTH_SECRET
                        is set: without it everyone signs in again
  DATA_DIR/outbox/      e-mails written to files when SMTP_HOST is not set
  the environment       AUTH_SECRET, SERVER_PRIVATE_KEY, SMTP, PCS and itsme settings

Exit codes: 0 done; 1 failed (database or disk); 2 bad arguments or
configuration; 3 the file is not a sound backup, or is too new for this portal;
4 refused (a database that is not empty or is in use, an existing file).`;

/**
 * FILE as the operator meant it: `npm run` starts the command in the repository's root, and says
 * in INIT_CWD where it was run from.
 */
export function fileArgument(file: string): string {
  return resolve(process.env.INIT_CWD ?? process.cwd(), file);
}

/** Prints `message` to stderr and exits with `code`. */
export function fail(message: string, code: number): never {
  process.stderr.write(`${message}\n`);
  process.exit(code);
}

export function commandConfig(): Config {
  try {
    return loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) return fail(`Invalid configuration: ${error.message}`, 2);
    throw error;
  }
}

/** The database of the configuration (openForBackup); a held data folder exits with 4. */
export async function openCommandDatabase(config: Config): Promise<Database> {
  if (!config.databaseUrl)
    process.stderr.write(`opening the embedded database in ${config.dataDir}\n`);
  try {
    return await openForBackup(config);
  } catch (error) {
    if (error instanceof DataDirLockedError) {
      return fail(
        `${error.message}\nThe embedded database admits one process at a time: stop the portal first.`,
        exitCodes.refused,
      );
    }
    throw error;
  }
}

/** The exit code and one line for the operator, never a stack trace. */
export function failureOf(error: unknown): { code: number; message: string } {
  const message = error instanceof Error ? error.message : String(error);
  if (error instanceof BackupFileError) {
    return { code: exitCodes.badFile, message: `Not restorable: ${message}` };
  }
  if (error instanceof RestoreRefusedError || error instanceof BackupRefusedError) {
    return { code: exitCodes.refused, message: `Refused: ${message}` };
  }
  return { code: exitCodes.failed, message: `Failed: ${message}` };
}
