/**
 * A bundle file read as JSON, with the byte at which it stops being UTF-8 or JSON (RFC 8259), so
 * that a damaged file says where it is damaged: `JSON.parse` names a position in UTF-16 code
 * units, and not always.
 */

/** Why the file is not JSON, at which byte (from 0). */
export class JsonTextError extends Error {
  constructor(
    readonly byte: number,
    readonly reason: string,
  ) {
    super(`${reason} at byte ${byte}`);
  }
}

/** The most arrays and objects inside each other the reader takes. */
const maxDepth = 64;

/** The UTF-8 text of the bytes, or a JsonTextError at the first byte that is not UTF-8. */
export function utf8Text(bytes: Uint8Array): string {
  try {
    return new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(bytes);
  } catch {
    throw new JsonTextError(firstNonUtf8Byte(bytes), 'the file is not UTF-8 text');
  }
}

function firstNonUtf8Byte(bytes: Uint8Array): number {
  let i = 0;
  while (i < bytes.length) {
    const lead = bytes[i]!;
    const length =
      lead < 0x80
        ? 1
        : lead >= 0xc2 && lead < 0xe0
          ? 2
          : lead >= 0xe0 && lead < 0xf0
            ? 3
            : lead >= 0xf0 && lead < 0xf5
              ? 4
              : 0;
    if (length === 0) return i;
    for (let k = 1; k < length; k++) {
      const next = bytes[i + k];
      if (next === undefined || (next & 0xc0) !== 0x80) return i;
    }
    const second = bytes[i + 1] ?? 0;
    if (length === 3 && ((lead === 0xe0 && second < 0xa0) || (lead === 0xed && second >= 0xa0))) {
      return i;
    }
    if (length === 4 && ((lead === 0xf0 && second < 0x90) || (lead === 0xf4 && second >= 0x90))) {
      return i;
    }
    i += length;
  }
  return bytes.length;
}

/** The UTF-8 length of `text` up to `index` (a UTF-16 index). */
function byteOffset(text: string, index: number): number {
  return new TextEncoder().encode(text.slice(0, index)).length;
}

/**
 * Parses `text` as one JSON value; a JsonTextError names the byte (of its UTF-8 form) where it
 * stops being JSON. A leading byte order mark is skipped.
 */
export function parseJsonText(text: string): unknown {
  const start = text.startsWith('\uFEFF') ? 1 : 0;
  const problem = syntaxProblem(text, start);
  if (problem) throw new JsonTextError(byteOffset(text, problem.index), problem.reason);
  return JSON.parse(text.slice(start));
}

const isDigit = (c: string | undefined) => c !== undefined && c >= '0' && c <= '9';
const isSpace = (c: string | undefined) => c === ' ' || c === '\t' || c === '\n' || c === '\r';

class Stop {
  constructor(
    readonly index: number,
    readonly reason: string,
  ) {}
}

/** Where `text` stops being one JSON value (RFC 8259), or null when it is one. */
function syntaxProblem(text: string, start: number): { index: number; reason: string } | null {
  let i = start;
  const stop: (reason: string) => never = (reason) => {
    throw new Stop(i, i >= text.length ? 'the file ends too soon' : reason);
  };
  const spaces = () => {
    while (isSpace(text[i])) i++;
  };
  const literal = (word: string) => {
    for (const char of word) {
      if (text[i] !== char) stop(`"${word}" is misspelt`);
      i++;
    }
  };
  const string = () => {
    i++; // the opening quote
    for (;;) {
      const c = text[i];
      if (c === undefined) stop('a string is not closed');
      if (c === '"') {
        i++;
        return;
      }
      if (c < ' ') stop('a string holds a control character');
      if (c === '\\') {
        const escaped = text[i + 1];
        if (escaped === 'u') {
          if (!/^[0-9a-fA-F]{4}$/.test(text.slice(i + 2, i + 6))) stop('a \\u escape is malformed');
          i += 6;
          continue;
        }
        if (escaped === undefined || !'"\\/bfnrt'.includes(escaped)) stop('an escape is malformed');
        i += 2;
        continue;
      }
      i++;
    }
  };
  const number = () => {
    if (text[i] === '-') i++;
    if (text[i] === '0') i++;
    else if (isDigit(text[i])) while (isDigit(text[i])) i++;
    else stop('a number is malformed');
    if (text[i] === '.') {
      i++;
      if (!isDigit(text[i])) stop('a number is malformed');
      while (isDigit(text[i])) i++;
    }
    if (text[i] === 'e' || text[i] === 'E') {
      i++;
      if (text[i] === '+' || text[i] === '-') i++;
      if (!isDigit(text[i])) stop('a number is malformed');
      while (isDigit(text[i])) i++;
    }
  };
  const value = (depth: number) => {
    spaces();
    const c = text[i];
    if (c === '{' || c === '[') {
      if (depth >= maxDepth) stop(`values nest deeper than ${maxDepth}`);
      const close = c === '{' ? '}' : ']';
      i++;
      spaces();
      if (text[i] === close) {
        i++;
        return;
      }
      for (;;) {
        if (c === '{') {
          spaces();
          if (text[i] !== '"') stop('a member name (in quotes) was expected');
          string();
          spaces();
          if (text[i] !== ':') stop('a colon was expected');
          i++;
        }
        value(depth + 1);
        spaces();
        if (text[i] === ',') {
          i++;
          continue;
        }
        if (text[i] === close) {
          i++;
          return;
        }
        stop(`a comma or "${close}" was expected`);
      }
    }
    if (c === '"') return string();
    if (c === 't') return literal('true');
    if (c === 'f') return literal('false');
    if (c === 'n') return literal('null');
    if (c === '-' || isDigit(c)) return number();
    stop('a value was expected');
  };
  try {
    value(0);
    spaces();
    if (i < text.length) stop('something follows the JSON value');
    return null;
  } catch (error) {
    if (error instanceof Stop) return { index: error.index, reason: error.reason };
    throw error;
  }
}
