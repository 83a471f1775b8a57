/**
 * The files of a request for release (releases spec §3: "files (name, ref comment, content),
 * LOI file"), checked by content and size (DESIGN §3 "uploads are checked by content, size and
 * row count before they are parsed"): a name whose extension says what the bytes really are.
 */

/** What a request's file is for: the letter of indemnity, or another document. */
export const requestFileKinds = ['letterOfIndemnity', 'other'] as const;
export type RequestFileKind = (typeof requestFileKinds)[number];

/** Limits of a request's files; the whole JSON body (base64) stays under the API's 4 MB. */
export const requestFileLimits = {
  maxFiles: 5,
  maxFileBytes: 2 * 1024 * 1024,
  maxTotalBytes: Math.floor(2.5 * 1024 * 1024),
  maxNameLength: 200,
} as const;

interface FileType {
  extensions: readonly string[];
  contentType: string;
  /** The first bytes every such file starts with. */
  magic: readonly number[];
}

const ascii = (text: string) => [...text].map((char) => char.charCodeAt(0));
const zip = [0x50, 0x4b, 0x03, 0x04];
const ole = [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1];

/** The file types a request may carry: PDF, PNG and JPEG scans, Word and Excel documents. */
const fileTypes: readonly FileType[] = [
  { extensions: ['pdf'], contentType: 'application/pdf', magic: ascii('%PDF-') },
  { extensions: ['png'], contentType: 'image/png', magic: [0x89, ...ascii('PNG\r\n'), 0x1a, 0x0a] },
  { extensions: ['jpg', 'jpeg'], contentType: 'image/jpeg', magic: [0xff, 0xd8, 0xff] },
  {
    extensions: ['docx'],
    contentType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    magic: zip,
  },
  {
    extensions: ['xlsx'],
    contentType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    magic: zip,
  },
  { extensions: ['doc'], contentType: 'application/msword', magic: ole },
  { extensions: ['xls'], contentType: 'application/vnd.ms-excel', magic: ole },
];

/** The extensions a request's file may have (the file picker's `accept`). */
export const requestFileExtensions: readonly string[] = fileTypes.flatMap((t) => t.extensions);

/** A file's problem, as a message key under `requestsForRelease.validation.`. */
export type RequestFileProblem =
  'fileNameRequired' | 'fileNameFormat' | 'fileEmpty' | 'fileTooLarge' | 'fileType';

const extensionOf = (name: string) => {
  const dot = name.lastIndexOf('.');
  return dot > 0 ? name.slice(dot + 1).toLowerCase() : '';
};

/** Control and other invisible characters, and path separators, have no place in a name. */
const badNameCharacter = /[\p{C}/\\]/u;

/**
 * The content type of a file whose bytes are what its name says (PDF, PNG, JPEG, Word, Excel),
 * or null: a renamed executable or a text called `.pdf` is refused.
 */
export function requestFileContentType(name: string, bytes: Uint8Array): string | null {
  const type = fileTypes.find((t) => t.extensions.includes(extensionOf(name.trim())));
  if (!type || bytes.length < type.magic.length) return null;
  return type.magic.every((byte, i) => bytes[i] === byte) ? type.contentType : null;
}

/** What is wrong with one file (name, size, content), or null. */
export function requestFileProblem(name: string, bytes: Uint8Array): RequestFileProblem | null {
  const trimmed = name.trim();
  if (!trimmed) return 'fileNameRequired';
  if (trimmed.length > requestFileLimits.maxNameLength || badNameCharacter.test(trimmed)) {
    return 'fileNameFormat';
  }
  if (bytes.length === 0) return 'fileEmpty';
  if (bytes.length > requestFileLimits.maxFileBytes) return 'fileTooLarge';
  return requestFileContentType(trimmed, bytes) ? null : 'fileType';
}

/** The problem of the set of files: too many, or too large together; null when fine. */
export function requestFilesProblem(
  sizes: readonly number[],
): 'tooManyFiles' | 'filesTooLarge' | null {
  if (sizes.length > requestFileLimits.maxFiles) return 'tooManyFiles';
  const total = sizes.reduce((sum, size) => sum + size, 0);
  return total > requestFileLimits.maxTotalBytes ? 'filesTooLarge' : null;
}
