import { rmSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { tempDir } from '../test/temp-dir.ts';
import { copyField, copyFields, endOfRows, type BackupHeader } from './backup-format.ts';
import { backupWriter } from './backup-writer.ts';
import { readBackup } from './read-backup.ts';

const folder = tempDir('scr-backup-format-');
afterAll(() => rmSync(folder, { recursive: true, force: true }));

describe('issue 42 item 9: the backup file', () => {
  it('writes any row as one COPY text line that reads back as it was', () => {
    fc.assert(
      fc.property(fc.array(fc.option(fc.string({ unit: 'binary' })), { minLength: 1 }), (row) => {
        const line = row.map(copyField).join('\t');
        expect(line).not.toMatch(/[\n\r]/);
        expect(line).not.toBe(endOfRows);
        expect(copyFields(line)).toEqual(row);
      }),
    );
  });

  it('escapes as PostgreSQL’s COPY does', () => {
    expect(copyField(null)).toBe('\\N');
    expect(copyField('\\N')).toBe('\\\\N');
    expect(copyField('\\.')).toBe('\\\\.');
    expect(copyField('a\tb\nc\rd\be\ff\vg\\h')).toBe('a\\tb\\nc\\rd\\be\\ff\\vg\\\\h');
  });

  it('reads the rows back whatever they start with, and checks the END line', async () => {
    const file = join(folder, 'rows.gz');
    const rows = [
      ['END {"rows":{},"sha256":""}', 'looks like the last line'],
      ['TABLE t', null],
      ['SEQUENCES {}', '\\.'],
    ];
    const header: BackupHeader = {
      portalVersion: '0.0.0',
      takenAt: '2026-01-01T00:00:00.000Z',
      source: 'pglite',
      serverVersion: '18',
      migrations: ['0001-organizations-and-users'],
      tables: [
        {
          name: 't',
          columns: [
            { name: 'a', type: 'text' },
            { name: 'b', type: 'text' },
          ],
        },
      ],
    };
    const writer = backupWriter(file);
    await writer.write(`SCR-BACKUP 1\nHEADER ${JSON.stringify(header)}\nTABLE t\n`);
    for (const row of rows) await writer.write(`${row.map(copyField).join('\t')}\n`);
    await writer.write(`${endOfRows}\nSEQUENCES {"t_id_seq":{"value":"3","called":true}}\n`);
    const sha256 = writer.sha256();
    await writer.write(`END ${JSON.stringify({ rows: { t: 3 }, sha256 })}\n`, { hashed: false });
    await writer.finish();

    const read: (string | null)[][] = [];
    const contents = await readBackup(file, {
      row: (_table, line) => void read.push(copyFields(line)),
    });
    expect(read).toEqual(rows);
    expect(contents.header).toEqual(header);
    expect(contents.sequences).toEqual({ t_id_seq: { value: '3', called: true } });
    expect(contents.trailer.rows).toEqual({ t: 3 });
  });
});
