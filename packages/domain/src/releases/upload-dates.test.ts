import { describe, expect, it } from 'vitest';
import { isAmbiguousTypedDate } from '../dates.ts';
import { uploadColumns, uploadRowToReleaseInput, type UploadCell } from './upload.ts';
import { uploadRowWarnings } from './upload-dates.ts';
import { validateReleaseInput } from './validation.ts';

const today = '2026-11-21';
const terminalCodes = new Set(['1742']);
/** A release row with its valid from and valid until cells. */
const row = (validFrom: UploadCell, validUntil: UploadCell): UploadCell[] => {
  const cells: UploadCell[] = uploadColumns.map(() => '');
  cells[0] = 'SOLU1234567';
  cells[7] = 'MSCU1234566';
  cells[9] = '1742';
  cells[16] = validFrom;
  cells[17] = validUntil;
  return cells;
};

describe('releases spec §5 "Multi-upload": typed dates are read as DD/MM/YYYY', () => {
  it('knows a typed date that is another date read month first', () => {
    expect(['1/5/2027', '01/05/2027', ' 12/1/2027 '].map(isAmbiguousTypedDate)).toEqual([
      true,
      true,
      true,
    ]);
    // A day past 12, the same day and month, no date at all, or ISO: no doubt.
    expect(
      ['13/5/2027', '5/5/2027', '31/02/2027', '2027-05-01', ''].map(isAmbiguousTypedDate),
    ).toEqual([false, false, false, false, false]);
  });

  it('reads an ambiguous date day first and warns per row how it was read', () => {
    const cells = row('1/5/2027', '02/06/2027');
    expect(uploadRowToReleaseInput(cells, today).container).toMatchObject({
      validFrom: '2027-05-01',
      validUntil: '2027-06-02',
    });
    expect(uploadRowWarnings(cells)).toEqual([
      {
        field: 'validFrom',
        key: 'releases.upload.ambiguousDate',
        values: { typed: '1/5/2027', day: '1', month: '5', year: '2027' },
        message: '"1/5/2027" was read as day 1, month 5, 2027: dates are read as DD/MM/YYYY',
      },
      expect.objectContaining({
        field: 'validUntil',
        values: { typed: '02/06/2027', day: '2', month: '6', year: '2027' },
      }),
    ]);
  });

  it('has no doubt about real spreadsheet dates, ISO dates or days past 12', () => {
    expect(uploadRowWarnings(row(46508, '2027-05-01'))).toEqual([]);
    expect(uploadRowWarnings(row('25/12/2027', new Date(Date.UTC(2027, 4, 1))))).toEqual([]);
  });

  it('checks a past valid from as the dialog does: one validateReleaseInput, no rule of its own', () => {
    // Releases spec §5 refuses a validUntil that is past; it sets no bound on validFrom.
    const past = uploadRowToReleaseInput(row('01/11/2026', '20/11/2026'), today);
    const fromPastUntilLater = uploadRowToReleaseInput(row('01/11/2026', '31/12/2026'), today);
    for (const source of ['upload', 'form'] as const) {
      expect(validateReleaseInput(past, { today, terminalCodes, source })).toEqual({
        validUntil: 'validUntilInPast',
      });
      expect(validateReleaseInput(fromPastUntilLater, { today, terminalCodes, source })).toEqual(
        {},
      );
    }
  });
});
