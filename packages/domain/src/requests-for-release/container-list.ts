import { maxContainerNumberLength, referenceOk } from '../releases/validation.ts';

/** Releases spec §5 "Request for release": the separators that always end a container number. */
const separators = new Set(['-', ',', ';', '\t', '\n', '\r']);

/** A space ends a container number only once it has more than this many characters (§5). */
const spaceSplitsAfter = 6;

/** At most this many containers in one request (issue 9 §7: every list has a bound). */
export const maxRequestContainers = 200;

/**
 * Releases spec §5 "Request for release": the container list parsed from free text, separated
 * by dash, comma, semicolon, tab, newline, or a space after more than 6 characters. A space
 * before that is dropped, so "MSCU 1234567" stays one number ("MSCU1234567") while
 * "MSCU1234567 TGHU7654321" is two. Numbers are upper-cased; blanks and repeats are left out.
 */
export function parseContainerList(raw: string): string[] {
  const found: string[] = [];
  let current = '';
  const flush = () => {
    const number = current.trim().toUpperCase();
    if (number && !found.includes(number)) found.push(number);
    current = '';
  };
  for (const char of raw) {
    if (separators.has(char)) flush();
    else if (char === ' ') {
      if (current.length > spaceSplitsAfter) flush();
    } else current += char;
  }
  flush();
  return found;
}

/**
 * Issue 9 §7 on the parsed list: each number keeps to a container number's characters and
 * length (as a release's does), and there are at most `maxRequestContainers`. Answers the
 * message key, or null when the list is fine (an empty list is: the containers are optional).
 */
export function containerListProblem(
  containers: readonly string[],
): 'containersFormat' | 'containersTooMany' | null {
  if (containers.length > maxRequestContainers) return 'containersTooMany';
  if (containers.some((number) => !referenceOk(number, maxContainerNumberLength))) {
    return 'containersFormat';
  }
  return null;
}

/** Where a request's containers come from: the free text, or the list (releases spec §3). */
export type RequestContainerSource = 'containersRaw' | 'containers';

/**
 * Releases spec §3 "Request for release" carries both the free text (`containersRaw`) and the
 * list (`containers`, what the spec's form parsed from it). The request keeps the list parsed
 * from the free text (§5) when there is one, else the list as sent, each number read as the
 * free text's are (upper case, a space dropped inside the first 7 characters, repeats left
 * out). Sent together they must name the same containers, in any order, case or spacing:
 * `mismatch` says they do not (the server refuses it; neither silently wins).
 */
export function requestContainerList(
  containersRaw: string | null | undefined,
  containers: readonly string[] | null | undefined,
): { containers: string[]; source: RequestContainerSource; mismatch: boolean } {
  const fromText = parseContainerList(containersRaw ?? '');
  const fromList = containers ? parseContainerList(containers.join('\n')) : null;
  if (!fromList) return { containers: fromText, source: 'containersRaw', mismatch: false };
  if (!containersRaw?.trim())
    return { containers: fromList, source: 'containers', mismatch: false };
  const same =
    fromText.length === fromList.length && fromList.every((number) => fromText.includes(number));
  return { containers: fromText, source: 'containersRaw', mismatch: !same };
}
