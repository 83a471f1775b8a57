/**
 * `npm run backup -- FILE [--force]`: writes a backup of the portal's database to FILE, one
 * consistent snapshot (issue 42 item 9). `--help` says what it holds and what it does not.
 */
import { existsSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { writeBackup } from '../backup/write-backup.ts';
import { pgliteDir } from '../db/pglite.ts';
import {
  backupNotes,
  commandConfig,
  exitCodes,
  fail,
  failureOf,
  fileArgument,
  openCommandDatabase,
} from './backup-command.ts';

const help = `Usage: npm run backup -- FILE [--force]

Writes a backup of the portal's database to FILE, a gzip file (name it, say,
portal-2026-05-01.scrbackup.gz). npm run restore -- FILE puts it back.

  --force   replace FILE if it exists (without it, an existing FILE is refused)
  --help    this text

A consistent snapshot: every table is read in one REPEATABLE READ, READ ONLY
transaction. On PostgreSQL the backup may run while the portal serves; what the
portal writes meanwhile is simply not in it. The embedded database admits one
process at a time: stop the portal first (the backup refuses while a portal
holds DATA_DIR). FILE appears only once it is complete and on disk.

${backupNotes}
`;

let parsed;
try {
  parsed = parseArgs({
    allowPositionals: true,
    options: { force: { type: 'boolean' }, help: { type: 'boolean', short: 'h' } },
  });
} catch (error) {
  fail(`${(error as Error).message}\n\n${help}`, exitCodes.usage);
}
const { values, positionals } = parsed;
if (values.help) {
  process.stdout.write(help);
  process.exit(exitCodes.done);
}
if (positionals.length !== 1) fail(`Name one FILE to write.\n\n${help}`, exitCodes.usage);
const file = fileArgument(positionals[0]!);
const config = commandConfig();
if (!config.databaseUrl && !existsSync(pgliteDir(config.dataDir))) {
  fail(`Refused: there is no embedded database in ${config.dataDir} to back up`, exitCodes.refused);
}
const database = await openCommandDatabase(config);
try {
  const started = Date.now();
  const summary = await writeBackup(database.knex, file, {
    source: database.kind,
    force: values.force ?? false,
    onTable: (table, index, tables) => {
      process.stderr.write(`reading ${table} (${index + 1} of ${tables})\n`);
    },
  });
  const rows = Object.values(summary.rows).reduce((sum, count) => sum + count, 0);
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  const megabytes = (summary.fileBytes / 1e6).toFixed(1);
  process.stdout.write(
    `OK: ${file}: ${summary.header.tables.length} tables, ${rows} rows, ${megabytes} MB, ` +
      `at migration ${summary.header.migrations.at(-1)}, in ${seconds} s\n`,
  );
} catch (error) {
  const { code, message } = failureOf(error);
  process.stderr.write(`${message}\n`);
  process.exitCode = code;
} finally {
  await database.close();
}
