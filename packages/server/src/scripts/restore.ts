/**
 * `npm run restore -- FILE [--force]` (or `--check FILE`): restores a backup of
 * `npm run backup` into the portal's database, all or nothing (issue 42 item 9).
 */
import { parseArgs } from 'node:util';
import { checkBackup, restoreBackup } from '../backup/restore-backup.ts';
import {
  backupNotes,
  commandConfig,
  exitCodes,
  fail,
  failureOf,
  fileArgument,
  openCommandDatabase,
} from './backup-command.ts';

const help = `Usage: npm run restore -- FILE [--force]
       npm run restore -- --check FILE

Restores a backup written by npm run backup into the portal's database, whichever
back end it came from. Stop every portal instance first (on PostgreSQL, restore
refuses while a portal is connected; the embedded database admits one process).

First the whole file is read and checked: its format, header, every row, the row
counts and its SHA-256 checksum. A truncated or altered file, or one taken at a
migration this portal version does not know, is refused before anything is
written. Then, in one transaction, all or nothing: the schema is built by the
backup's own migrations, every table loaded, the sequences set, and the
migrations that came after the backup run.

  --force   restore into a database that is not empty: everything in its schema
            (every table, its rows, the migration record) is dropped and replaced
            by the backup, in the same transaction, so a failed restore leaves the
            database as it was. Without --force such a database is refused.
  --check   only read and check FILE; no database is opened
  --help    this text

After a restore: its outbox is delivered once a portal starts on it (mail, PCS
messages, webhooks that were pending when the backup was taken); put DATA_DIR's
server-key back (or set SERVER_PRIVATE_KEY) and run npm run verify-ledger.

${backupNotes}
`;

let parsed;
try {
  parsed = parseArgs({
    allowPositionals: true,
    options: {
      force: { type: 'boolean' },
      check: { type: 'boolean' },
      help: { type: 'boolean', short: 'h' },
    },
  });
} catch (error) {
  fail(`${(error as Error).message}\n\n${help}`, exitCodes.usage);
}
const { values, positionals } = parsed;
if (values.help) {
  process.stdout.write(help);
  process.exit(exitCodes.done);
}
if (positionals.length !== 1) fail(`Name one FILE to restore.\n\n${help}`, exitCodes.usage);
const file = fileArgument(positionals[0]!);
const config = commandConfig();
const rowsOf = (rows: Record<string, number>) =>
  Object.values(rows).reduce((sum, count) => sum + count, 0);

if (values.check) {
  try {
    const { header, trailer } = await checkBackup(file);
    process.stdout.write(
      `OK: ${file} is sound: ${header.tables.length} tables, ${rowsOf(trailer.rows)} rows, ` +
        `taken ${header.takenAt} by portal ${header.portalVersion} at migration ${header.migrations.at(-1)}\n`,
    );
  } catch (error) {
    const { code, message } = failureOf(error);
    fail(message, code);
  }
  process.exit(exitCodes.done);
}

// The file is checked before the database is even opened (an embedded one would be created).
let checked;
try {
  checked = await checkBackup(file);
} catch (error) {
  const { code, message } = failureOf(error);
  fail(message, code);
}
const database = await openCommandDatabase(config);
try {
  const started = Date.now();
  const summary = await restoreBackup(database.knex, file, {
    target: database.kind,
    force: values.force ?? false,
    checked,
    onTable: (table, rows) => process.stderr.write(`loaded ${table}: ${rows} rows\n`),
  });
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  const later = summary.laterMigrations.length
    ? `, then ${summary.laterMigrations.length} later migrations`
    : '';
  process.stdout.write(
    `OK: restored ${summary.header.tables.length} tables, ${rowsOf(summary.rows)} rows ` +
      `(backup of ${summary.header.takenAt}${later}) in ${seconds} s\n`,
  );
} catch (error) {
  const { code, message } = failureOf(error);
  process.stderr.write(`${message}\n`);
  process.exitCode = code;
} finally {
  await database.close();
}
