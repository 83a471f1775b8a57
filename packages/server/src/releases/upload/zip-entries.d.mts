/** One entry of a zip's central directory, as declared (the sizes may lie). */
export interface ZipEntry {
  name: string;
  /** 0 stored, 8 deflated. */
  method: number;
  compressedBytes: number;
  declaredBytes: number;
  localOffset: number;
}

/** Thrown when the entries really inflate to more than the cap. */
export class ZipTooLarge extends Error {}

/** The central directory's entries, read without inflating; null when not a readable zip. */
export function readZipDirectory(bytes: Buffer): ZipEntry[] | null;

/**
 * Every file entry inflated, counting the bytes actually produced against `maxBytes`
 * (ZipTooLarge past it); null when the zip is broken.
 */
export function inflateZip(
  bytes: Buffer,
  entries: ZipEntry[],
  maxBytes: number,
): Map<string, Buffer> | null;
