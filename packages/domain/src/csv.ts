/**
 * Characters a spreadsheet reads as the start of a formula (DESIGN §3), also behind leading
 * spaces, line breaks or zero-width characters, which spreadsheets skip (issue 9 §7); and a
 * leading tab or return.
 */
const formulaStart = /^(?:[\t\r]|[\s\u200b-\u200d\u2060\ufeff\u180e]*[=+\-@])/;

/**
 * A cell as exported (DESIGN §3 "exported CSV and Excel cells that start with = + - @ are
 * neutralised"): a leading apostrophe makes a spreadsheet show the text instead of running it.
 * Issue 9 §7: also when spaces, line breaks or zero-width characters come first.
 */
export function neutraliseCell(value: string): string {
  return formulaStart.test(value) ? `'${value}` : value;
}

/**
 * CSV text (RFC 4180: comma-separated, CRLF lines, fields quoted when they hold a quote, comma
 * or line break) of rows of cells, each neutralised, with a byte-order mark so spreadsheets
 * read it as UTF-8 (names in five languages).
 */
export function csvText(rows: readonly (readonly string[])[]): string {
  const field = (value: string) => {
    const cell = neutraliseCell(value);
    return /[",\r\n]/.test(cell) ? `"${cell.replace(/"/g, '""')}"` : cell;
  };
  return `\uFEFF${rows.map((row) => row.map(field).join(',')).join('\r\n')}\r\n`;
}
