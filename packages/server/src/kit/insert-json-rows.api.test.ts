import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestServer } from '../test/start-app.ts';
import { insertJsonRows } from './insert-json-rows.ts';

let server: TestServer;

beforeAll(async () => {
  server = await startTestApp();
  await server.knex.raw(`
    create table json_rows_probe (
      id bigserial primary key,
      big bigint,
      small integer not null default 7,
      yes boolean,
      day date,
      label text unique,
      doc jsonb,
      at timestamptz,
      created_at timestamptz not null default now()
    )`);
});
afterAll(() => server?.stop());

const read = () =>
  server.knex('json_rows_probe').orderBy('id').select('big', 'small', 'yes', 'label', 'doc');

describe('insertJsonRows: many rows as one JSON parameter, each value read as its column’s type', () => {
  it('writes text as sent (quotes, backslashes, accents, astral letters), numbers, dates, booleans and JSON', async () => {
    const label = 'a "quoted" \\ back’slash Zoë 😀 ?';
    const answered = await insertJsonRows<{ id: string; label: string }>(
      server.knex,
      'json_rows_probe',
      [
        {
          big: '9007199254740993',
          small: 3,
          yes: true,
          day: '2026-12-03',
          label,
          doc: { a: [1, 'x'], b: null },
          at: new Date('2026-12-03T10:00:00.000Z'),
        },
      ],
      'returning id, label',
    );
    expect(answered).toEqual([{ id: expect.anything(), label }]);
    const [row] = await server.knex('json_rows_probe').where({ label }).select('*');
    expect(row).toMatchObject({
      big: '9007199254740993',
      small: 3,
      yes: true,
      label,
      doc: { a: [1, 'x'], b: null },
    });
    expect(String(row.day).slice(0, 10)).toBe('2026-12-03');
    expect(new Date(row.at).toISOString()).toBe('2026-12-03T10:00:00.000Z');
  });

  it('a member missing or undefined is null, not the default; columns left out take their default', async () => {
    await insertJsonRows(server.knex, 'json_rows_probe', [
      { label: 'first', small: 1, yes: undefined },
      { label: 'second', small: 2, big: '5' },
    ]);
    const rows = await server.knex('json_rows_probe').whereIn('label', ['first', 'second']);
    expect(rows.map((row) => [row.label, row.big, row.yes])).toEqual([
      ['first', null, null],
      ['second', '5', null],
    ]);
    expect(rows.every((row) => row.created_at instanceof Date || !!row.created_at)).toBe(true);
    await insertJsonRows(server.knex, 'json_rows_probe', [{ label: 'third' }]);
    expect(await server.knex('json_rows_probe').where({ label: 'third' }).first('small')).toEqual({
      small: 7,
    });
  });

  it('sends 2,500 rows in statements of 1,000 and answers what each returned, with its tail', async () => {
    const before = (await read()).length;
    const rows = Array.from({ length: 2500 }, (_, i) => ({ label: `bulk-${i}`, small: i }));
    const answered = await insertJsonRows<{ label: string }>(
      server.knex,
      'json_rows_probe',
      rows,
      'returning label',
    );
    expect(answered.map((row) => row.label).sort()).toEqual(rows.map((row) => row.label).sort());
    expect((await read()).length).toBe(before + 2500);
    // The tail takes bindings too: the conflicting row is updated, the new one inserted (no row
    // names `small`, so it takes its default).
    const again = await insertJsonRows<{ label: string; small: number | null }>(
      server.knex,
      'json_rows_probe',
      [{ label: 'bulk-0' }, { label: 'bulk-new' }],
      'on conflict (label) do update set small = ? returning label, small',
      [99],
    );
    expect(again.sort((a, b) => a.label.localeCompare(b.label))).toEqual([
      { label: 'bulk-0', small: 99 },
      { label: 'bulk-new', small: 7 },
    ]);
    expect(await insertJsonRows(server.knex, 'json_rows_probe', [])).toEqual([]);
  });
});
