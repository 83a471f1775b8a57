import { describe, expect, it } from 'vitest';
import {
  isBlankUploadRow,
  isUploadFileName,
  uniqueUploadName,
  uploadCellDate,
  uploadColumns,
  uploadRowToReleaseInput,
} from './upload.ts';
import { validateReleaseInput } from './validation.ts';

const today = '2026-11-21';
const row = [
  'SOLU1234567',
  'CNSHA',
  'BEANR',
  'MSC Anna',
  '2026123',
  '9876543',
  'V042',
  'MSCU1234566',
  '40HC',
  '1742',
  'Depot A',
  'REF-A',
  'Barge depot',
  'REF-B',
  'Rail depot',
  'REF-R',
  '01/12/2026',
  '2026-12-31',
];

describe('releases spec §5 "Multi-upload of releases"', () => {
  it('reads the columns in the spec order: BL, ports, vessel, stay, lloyds, voyage, container, iso type, pickup, turn-in per mode, valid from, valid until', () => {
    expect(uploadColumns).toHaveLength(18);
    expect(uploadRowToReleaseInput(row, today)).toEqual({
      billOfLading: {
        blNumber: 'SOLU1234567',
        portOfLoading: 'CNSHA',
        portOfDestination: 'BEANR',
        vessel: 'MSC Anna',
        stayNumber: '2026123',
        lloydsNumber: '9876543',
        voyageNumber: 'V042',
      },
      container: {
        containerNumber: 'MSCU1234566',
        isoTypeCode: '40HC',
        pickupLocation: '1742',
        turnInLocation: 'Depot A',
        turnInReference: 'REF-A',
        turnInLocationBarge: 'Barge depot',
        turnInReferenceBarge: 'REF-B',
        turnInLocationRail: 'Rail depot',
        turnInReferenceRail: 'REF-R',
        validFrom: '2026-12-01',
        validUntil: '2026-12-31',
      },
    });
  });

  it('takes real spreadsheet dates (Excel serials), DD/MM/YYYY text and YYYY-MM-DD', () => {
    expect(uploadCellDate(46387)).toBe('2026-12-31');
    expect(uploadCellDate(46387.75)).toBe('2026-12-31');
    expect(uploadCellDate('31/12/2026')).toBe('2026-12-31');
    expect(uploadCellDate('1/2/2027')).toBe('2027-02-01');
    expect(uploadCellDate(' 2026-12-31 ')).toBe('2026-12-31');
    expect(uploadCellDate(new Date(Date.UTC(2026, 11, 31)))).toBe('2026-12-31');
  });

  it('keeps a date it cannot read as typed, so validation names it', () => {
    const input = uploadRowToReleaseInput(row.with(17, '31-12-2026'), today);
    expect(input.container.validUntil).toBe('31-12-2026');
    expect(
      validateReleaseInput(input, { today, terminalCodes: new Set(['1742']), source: 'upload' }),
    ).toEqual({
      validUntil: 'invalidDate',
    });
  });

  it('applies the defaults of §5 and §9 to empty dates and container type, and leaves other empty cells out', () => {
    const sparse = ['SOLU1', '', '', '', '', '', '', 'MSCU1', null, '1742'];
    const input = uploadRowToReleaseInput(sparse, today);
    expect(input.container).toEqual({
      containerNumber: 'MSCU1',
      isoTypeCode: '20DV',
      pickupLocation: '1742',
      validFrom: today,
      validUntil: '2027-01-20',
    });
    expect(input.billOfLading).toEqual({ blNumber: 'SOLU1' });
  });

  it('keeps required cells empty so validation reports their messages', () => {
    const input = uploadRowToReleaseInput([' ', '', '', '', '', '', '', '', '', ''], today);
    expect(
      validateReleaseInput(input, { today, terminalCodes: new Set(), source: 'upload' }),
    ).toEqual({
      blNumber: 'blNumberRequired',
      containerNumber: 'containerNumberRequired',
      pickupLocation: 'pickupLocationRequired',
    });
  });

  it('reads numbers in text columns as written', () => {
    const input = uploadRowToReleaseInput(row.with(4, 2026123 as never), today);
    expect(input.billOfLading.stayNumber).toBe('2026123');
  });

  it('skips blank rows', () => {
    expect(isBlankUploadRow(['', null, undefined, '  '])).toBe(true);
    expect(isBlankUploadRow(['', 'x'])).toBe(false);
  });

  it('takes .csv, .xls and .xlsx only', () => {
    expect(['a.csv', 'B.XLSX', 'c.xls'].map(isUploadFileName)).toEqual([true, true, true]);
    expect(['a.txt', 'xlsx', 'a.xlsx.exe'].map(isUploadFileName)).toEqual([false, false, false]);
  });

  it('gives a repeated file name a numeric suffix', () => {
    expect(uniqueUploadName('releases.xlsx', new Set())).toBe('releases.xlsx');
    expect(uniqueUploadName('releases.xlsx', new Set(['releases.xlsx']))).toBe('releases (1).xlsx');
    expect(uniqueUploadName('releases.xlsx', new Set(['releases.xlsx', 'releases (1).xlsx']))).toBe(
      'releases (2).xlsx',
    );
    expect(uniqueUploadName('list', new Set(['list']))).toBe('list (1)');
  });
});
