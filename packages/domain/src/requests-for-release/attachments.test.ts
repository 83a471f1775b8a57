import { describe, expect, it } from 'vitest';
import {
  requestFileContentType,
  requestFileLimits,
  requestFileProblem,
  requestFilesProblem,
} from './attachments.ts';

const bytes = (...parts: (string | number[])[]) =>
  new Uint8Array(
    parts.flatMap((part) =>
      typeof part === 'string' ? [...part].map((char) => char.charCodeAt(0)) : part,
    ),
  );
const pdf = bytes('%PDF-1.7\n%âãÏÓ\n1 0 obj');
const png = bytes([0x89], 'PNG\r\n', [0x1a, 0x0a, 0, 0]);
const jpeg = bytes([0xff, 0xd8, 0xff, 0xe0, 0, 0x10]);
const zip = bytes('PK', [3, 4, 20, 0]);
const ole = bytes([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1, 0]);

describe('DESIGN §3 "uploads are checked by content": a request’s files are what their name says', () => {
  it.each([
    ['letter-of-indemnity.pdf', pdf, 'application/pdf'],
    ['scan.PNG', png, 'image/png'],
    ['scan.jpeg', jpeg, 'image/jpeg'],
    ['scan.jpg', jpeg, 'image/jpeg'],
    ['loi.docx', zip, 'application/vnd.openxmlformats-officedocument.wordprocessingml.document'],
    ['list.xlsx', zip, 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'],
    ['loi.doc', ole, 'application/msword'],
    ['list.xls', ole, 'application/vnd.ms-excel'],
  ])('%s is accepted', (name, content, type) => {
    expect(requestFileContentType(name, content)).toBe(type);
    expect(requestFileProblem(name, content)).toBeNull();
  });

  it.each([
    ['a text renamed to .pdf', 'loi.pdf', bytes('Dear carrier, please release')],
    ['a program renamed to .pdf', 'loi.pdf', bytes('MZ', [0x90, 0, 3, 0])],
    ['a PDF renamed to .png', 'scan.png', pdf],
    ['an unknown extension', 'loi.exe', pdf],
    ['no extension', 'loi', pdf],
    ['an HTML page', 'loi.html', bytes('<html><script>')],
    ['fewer bytes than the signature', 'loi.pdf', bytes('%PD')],
  ])('%s is refused (fileType)', (_what, name, content) => {
    expect(requestFileProblem(name, content)).toBe('fileType');
  });

  it('refuses an empty file, one over 2 MB, and a missing or odd name', () => {
    expect(requestFileProblem('loi.pdf', new Uint8Array())).toBe('fileEmpty');
    const big = new Uint8Array(requestFileLimits.maxFileBytes + 1);
    big.set(pdf);
    expect(requestFileProblem('loi.pdf', big)).toBe('fileTooLarge');
    expect(
      requestFileProblem('loi.pdf', big.subarray(0, requestFileLimits.maxFileBytes)),
    ).toBeNull();
    expect(requestFileProblem('  ', pdf)).toBe('fileNameRequired');
    expect(requestFileProblem('../../etc/loi.pdf', pdf)).toBe('fileNameFormat');
    expect(requestFileProblem('lo\u0000i.pdf', pdf)).toBe('fileNameFormat');
    expect(requestFileProblem(`${'a'.repeat(200)}.pdf`, pdf)).toBe('fileNameFormat');
  });

  it('at most 5 files, together at most 2.5 MB', () => {
    expect(requestFilesProblem([1, 1, 1, 1, 1])).toBeNull();
    expect(requestFilesProblem([1, 1, 1, 1, 1, 1])).toBe('tooManyFiles');
    expect(requestFilesProblem([requestFileLimits.maxTotalBytes])).toBeNull();
    expect(requestFilesProblem([requestFileLimits.maxTotalBytes, 1])).toBe('filesTooLarge');
  });
});
