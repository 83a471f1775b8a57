import { describe, expect, it } from 'vitest';
import {
  columnLetter,
  findUploadHeader,
  uploadHeaderProblem,
  uploadHeaderSearchRows,
  uploadHeaderText,
  uploadTemplateHeaderRow,
} from './upload-header.ts';

/** A release row in the template's columns: BL, …, container (H), ISO type, pickup. */
const row = [
  'SOLU1234567',
  'CNSHA',
  'BEANR',
  'MSC Anna',
  '',
  '',
  '',
  'MSCU1234566',
  '40HC',
  '1742',
];

describe('releases spec §5 "The first row is a header": one header check', () => {
  const template = [...uploadTemplateHeaderRow];

  it('writes the columns of releases spec §5 "Columns in order", in that order', () => {
    expect(template).toEqual([
      'BL',
      'Port of loading',
      'Port of destination',
      'Vessel',
      'Stay number',
      'Lloyds number',
      'Voyage number',
      'Container number',
      'ISO type',
      'Pickup',
      'Turn-in location',
      'Turn-in reference',
      'Turn-in location barge',
      'Turn-in reference barge',
      'Turn-in location rail',
      'Turn-in reference rail',
      'Valid from',
      'Valid until',
    ]);
  });

  it('accepts the template header, other spellings and names it does not know', () => {
    expect(uploadHeaderProblem(template)).toBeNull();
    expect(uploadHeaderProblem(['bl number', 'POL', 'POD', 'Schip'])).toBeNull();
    expect(uploadHeaderProblem([])).toBeNull();
  });

  it('names each column whose header belongs to another column', () => {
    const swapped = [...template];
    swapped[0] = 'Container number';
    swapped[7] = 'BL';
    expect(uploadHeaderProblem(swapped)).toEqual({
      kind: 'wrongHeader',
      misplaced: [
        { column: 'A', found: 'Container number', expected: 'blNumber' },
        { column: 'H', found: 'BL', expected: 'containerNumber' },
      ],
    });
    expect(uploadHeaderText(uploadHeaderProblem(swapped)!)).toBe(
      'The header row does not match the template: column A is "Container number" where the template has "BL"; column H is "BL" where the template has "Container number"',
    );
  });

  it('sees a first row that is a release instead of the header', () => {
    expect(uploadHeaderProblem(row)).toEqual({ kind: 'missingHeader' });
  });

  it('writes column letters as a spreadsheet does', () => {
    expect([0, 7, 17, 25, 26, 27].map(columnLetter)).toEqual(['A', 'H', 'R', 'Z', 'AA', 'AB']);
  });
});

describe('releases spec §5 "The first row is a header": a title row above it', () => {
  const template = [...uploadTemplateHeaderRow];
  const title = ['Releases week 12 – Solent Lines'];

  it('takes the first row when it is the header, as before', () => {
    expect(findUploadHeader([template, row])).toEqual({ index: 0 });
    // Names it does not know are a header too (a header in another language).
    expect(findUploadHeader([['Connaissement', 'POL', 'POD', 'Navire'], row])).toEqual({
      index: 0,
    });
  });

  it('finds the header below a title and blank rows, within the first rows', () => {
    expect(findUploadHeader([title, template, row])).toEqual({ index: 1 });
    expect(
      findUploadHeader([title, ['', null], ['Printed 21/11/2026', 'by ops'], template, row]),
    ).toEqual({ index: 3 });
    expect(findUploadHeader([[], template, row])).toEqual({ index: 1 });
  });

  it('refuses a title with no header below it, naming the row the header was expected on', () => {
    const found = findUploadHeader([title, row, row], 3);
    expect(found).toEqual({
      problem: { kind: 'headerNotFound', row: 3, found: title[0], last: 5 },
    });
    expect(uploadHeaderText((found as { problem: never }).problem)).toBe(
      `The header is not on row 3, which holds "${title[0]}", nor on the rows below it up to row 5: put the header row of the template on row 3`,
    );
  });

  it(`looks no further than ${uploadHeaderSearchRows} rows down`, () => {
    const blanks = Array.from({ length: uploadHeaderSearchRows }, () => []);
    expect(findUploadHeader([title, ...blanks, template, row])).toMatchObject({
      problem: { kind: 'headerNotFound', row: 1, last: uploadHeaderSearchRows },
    });
  });

  it('never skips a release above a header: the file starts with a release', () => {
    expect(findUploadHeader([row, template, row])).toEqual({ problem: { kind: 'missingHeader' } });
  });

  it('checks the header found as it checks the first row', () => {
    const swapped = [...template];
    [swapped[0], swapped[7]] = [template[7]!, template[0]!];
    expect(findUploadHeader([title, swapped, row])).toMatchObject({
      problem: { kind: 'wrongHeader' },
    });
  });
});
