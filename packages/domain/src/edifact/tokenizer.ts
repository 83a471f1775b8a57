/**
 * UN/EDIFACT syntax (ISO 9735, levels A and B as carriers send them): a strict tokenizer of an
 * interchange into segments, data elements and components, honouring the UNA service string
 * advice and the release character. It knows no message: `coreor.ts` reads COREOR from it.
 */

/** The service characters of an interchange: the defaults, or what its UNA says. */
export interface ServiceCharacters {
  component: string;
  element: string;
  decimal: string;
  release: string;
  segment: string;
}

/** ISO 9735 level A defaults (no UNA): `:` `+` `.` `?` `'`. */
export const defaultServiceCharacters: ServiceCharacters = {
  component: ':',
  element: '+',
  decimal: '.',
  release: '?',
  segment: "'",
};

/** One segment: its tag, its data elements (each a list of components, released characters plain). */
export interface EdifactSegment {
  tag: string;
  elements: string[][];
  /** The segment as sent, without its terminator: what a report names. */
  text: string;
  /** 1-based position in the interchange (UNA not counted). */
  index: number;
}

/** Why a text is not EDIFACT, as keys under `coreor.reason.`. */
export type SyntaxReason =
  | 'badServiceString'
  | 'danglingRelease'
  | 'unterminatedSegment'
  | 'badSegmentTag'
  | 'controlCharacter'
  | 'empty';

export interface SyntaxProblem {
  reason: SyntaxReason;
  /** The offending segment as sent (its first 70 characters). */
  segment: string;
  index: number;
}

export interface Tokenized {
  characters: ServiceCharacters;
  segments: EdifactSegment[];
  /** The first syntax error; segments before it are kept, nothing after it is read. */
  problem: SyntaxProblem | null;
}

const tagPattern = /^[A-Z][A-Z0-9]{2}$/;
// Control characters other than line breaks and tab never belong in an interchange.
// eslint-disable-next-line no-control-regex -- that is the point
const control = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/;

/**
 * Splits an interchange into segments. Line breaks between segments are ignored (many systems
 * write one segment per line); inside a segment they are data. Strict: a release character at
 * the very end, a last segment without its terminator, a tag that is not three capitals or
 * digits, or a control character stops the reading with the segment it happened in.
 */
export function tokenizeEdifact(input: string): Tokenized {
  let text = input.replace(/^\uFEFF/, '');
  let characters = defaultServiceCharacters;
  if (text.startsWith('UNA')) {
    const advice = text.slice(3, 9);
    const [component, element, decimal, release, , segment] = [...advice];
    const chosen = [component, element, release, segment];
    if (
      advice.length < 6 ||
      new Set(chosen).size !== 4 ||
      chosen.some((c) => /[\sA-Z0-9]/.test(c!))
    ) {
      return {
        characters,
        segments: [],
        problem: { reason: 'badServiceString', segment: text.slice(0, 9), index: 0 },
      };
    }
    characters = {
      component: component!,
      element: element!,
      decimal: decimal!,
      release: release!,
      segment: segment!,
    };
    text = text.slice(9);
  }
  const segments: EdifactSegment[] = [];
  const fail = (reason: SyntaxReason, raw: string): Tokenized => ({
    characters,
    segments,
    problem: { reason, segment: raw.trim().slice(0, 70), index: segments.length + 1 },
  });
  let elements: string[][] = [[]];
  let current = '';
  let start = -1;
  for (let i = 0; i < text.length; i += 1) {
    const char = text[i]!;
    if (start < 0) {
      // Between segments: line breaks and spaces are layout, not data.
      if (/\s/.test(char)) continue;
      start = i;
    }
    if (control.test(char)) return fail('controlCharacter', text.slice(start, i + 1));
    if (char === characters.release) {
      if (i + 1 >= text.length) return fail('danglingRelease', text.slice(start));
      current += text[i + 1];
      i += 1;
    } else if (char === characters.component) {
      elements[elements.length - 1]!.push(current);
      current = '';
    } else if (char === characters.element) {
      elements[elements.length - 1]!.push(current);
      elements.push([]);
      current = '';
    } else if (char === characters.segment) {
      elements[elements.length - 1]!.push(current);
      const raw = text.slice(start, i);
      const [tagElement, ...data] = elements;
      const tag = tagElement!.join(characters.component);
      if (!tagPattern.test(tag)) return fail('badSegmentTag', raw);
      segments.push({
        tag,
        elements: data,
        text: raw.replace(/[\r\n]+/g, ''),
        index: segments.length + 1,
      });
      elements = [[]];
      current = '';
      start = -1;
    } else {
      current += char;
    }
  }
  if (start >= 0) return fail('unterminatedSegment', text.slice(start));
  if (segments.length === 0) return fail('empty', '');
  return { characters, segments, problem: null };
}

/** Component `c` of element `e` of a segment (both 0-based), trimmed; '' when absent. */
export function componentOf(segment: EdifactSegment, e: number, c = 0): string {
  return (segment.elements[e]?.[c] ?? '').trim();
}
