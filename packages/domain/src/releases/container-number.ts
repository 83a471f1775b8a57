/**
 * ISO 6346 container numbers (issue 15; releases spec §3 "containerNumber", §5 "Create and
 * edit a release"): three letters of the owner, the category letter U, J or Z, six digits of
 * serial number and one check digit, eleven characters in all, e.g. `CSQU3054383`.
 */
export const containerNumberLength = 11;

const shape = /^[A-Z]{3}[UJZ]\d{7}$/;

/** Letter values of ISO 6346: A = 10, counting on but skipping the multiples of 11. */
function letterValue(letter: string): number {
  let value = 10;
  for (let code = 65; code < letter.charCodeAt(0); code += 1) {
    value += 1;
    if (value % 11 === 0) value += 1;
  }
  return value;
}

/**
 * The check digit of the first ten characters (owner code, category and serial number): each
 * character's value times 2 to the power of its position, summed, modulo 11, and 10 read as 0.
 */
export function containerCheckDigit(firstTen: string): number {
  const text = firstTen.toUpperCase();
  let sum = 0;
  for (let i = 0; i < 10; i += 1) {
    const char = text[i] ?? '0';
    sum += (/\d/.test(char) ? Number(char) : letterValue(char)) * 2 ** i;
  }
  return (sum % 11) % 10;
}

/** A container number as it is kept: upper case, without spaces, dashes, dots or slashes. */
export function normalizeContainerNumber(value: string): string {
  return value
    .trim()
    .toUpperCase()
    .replace(/[ ./-]+/g, '');
}

/** What is wrong with a container number, as a message key of `releaseMessages`. */
export type ContainerNumberProblem =
  'containerNumberLength' | 'containerNumberShape' | 'checkDigit';

/**
 * Why a (normalised) container number is not a valid ISO 6346 number, or null when it is: not
 * eleven characters, not four letters ending in U, J or Z and seven digits, or a check digit
 * other than the one the first ten characters give.
 */
export function containerNumberProblem(value: string): ContainerNumberProblem | null {
  const text = normalizeContainerNumber(value);
  if (text.length !== containerNumberLength) return 'containerNumberLength';
  if (!shape.test(text)) return 'containerNumberShape';
  return Number(text[10]) === containerCheckDigit(text) ? null : 'checkDigit';
}
