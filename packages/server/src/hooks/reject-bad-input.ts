import { isCleanText } from '@scr/domain';
import type { HookContext } from '../declarations.ts';
import { appError } from '../errors/app-error.ts';

/** Deeper than this, a body or query is refused: no call of the portal nests anywhere near it. */
export const maxInputDepth = 32;

/** Keys that would reach an object's prototype when copied with `Object.assign` or a merge. */
const prototypeKeys = new Set(['__proto__', 'constructor', 'prototype']);

/** Whether a string holds a NUL or a lone surrogate (issue 9 §7; the rule is domain's). */
const hasBadCharacters = (text: string) => !isCleanText(text);

/** What is wrong with one value of a request, as a field path and a translation key. */
export interface InputProblem {
  path: string;
  key: string;
}

/**
 * Issue 9 §7: the problems no service should ever see, found in any string, key or number of
 * a body, query or id, without recursion (a deep body cannot overflow the stack): NUL bytes and
 * lone surrogates, prototype keys, numbers that are not finite or not safe integers, nesting
 * deeper than `maxInputDepth`. Answers the first problem, or null.
 */
export function inputProblem(value: unknown, root = ''): InputProblem | null {
  const stack: Array<{ value: unknown; path: string; depth: number }> = [
    { value, path: root, depth: 0 },
  ];
  while (stack.length > 0) {
    const { value: item, path, depth } = stack.pop()!;
    if (typeof item === 'string') {
      if (hasBadCharacters(item)) return { path, key: 'validation.characters' };
    } else if (typeof item === 'number') {
      if (!Number.isFinite(item) || (Number.isInteger(item) && !Number.isSafeInteger(item)))
        return { path, key: 'validation.number' };
    } else if (Array.isArray(item) || isPlainObject(item)) {
      if (depth >= maxInputDepth) return { path, key: 'validation.depth' };
      for (const [key, child] of Object.entries(item)) {
        const childPath = path ? `${path}.${key}` : key;
        if (!Array.isArray(item) && (prototypeKeys.has(key) || hasBadCharacters(key)))
          return { path: childPath, key: 'validation.key' };
        stack.push({ value: child, path: childPath, depth: depth + 1 });
      }
    }
  }
  return null;
}

/** Objects made by JSON.parse or a query-string parser; files and buffers are left alone. */
function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (typeof value !== 'object' || value === null) return false;
  const proto = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
}

/** `$skip` and `$limit`: absent, or a non-negative safe integer (as a number or digits). */
function pagingProblem(query: Record<string, unknown>): InputProblem | null {
  for (const name of ['$skip', '$limit']) {
    if (!(name in query)) continue;
    const value = query[name];
    const ok =
      typeof value === 'number'
        ? Number.isSafeInteger(value) && value >= 0
        : typeof value === 'string' &&
          /^\d{1,16}$/.test(value) &&
          Number(value) <= Number.MAX_SAFE_INTEGER;
    if (!ok) return { path: name, key: 'validation.integer' };
  }
  return null;
}

/** An id that is all digits must be a safe integer, or it would silently name another row. */
function idProblem(id: unknown): InputProblem | null {
  if (typeof id === 'string') {
    if (hasBadCharacters(id)) return { path: 'id', key: 'validation.characters' };
    if (/^\d+$/.test(id) && !(Number(id) <= maxRowId))
      return { path: 'id', key: 'validation.integer' };
  }
  if (typeof id === 'number' && !(Number.isSafeInteger(id) && Math.abs(id) <= maxRowId))
    return { path: 'id', key: 'validation.integer' };
  return null;
}

/** Numeric row ids are PostgreSQL `integer` (serial) columns: nothing larger names a row. */
const maxRowId = 2_147_483_647;

/**
 * App-wide `before` hook, the first of all (issue 9 §7 "No 5xx on bad input"): refuses with a
 * 400 `validation_failed` what would otherwise fail deep inside a service or the database (NUL
 * in a text column, `offset` beyond bigint, a lone surrogate stored as U+FFFD), for REST and
 * socket.io alike.
 */
export async function rejectBadInput(context: HookContext): Promise<void> {
  const query = (context.params.query ?? {}) as Record<string, unknown>;
  const problem =
    idProblem(context.id) ??
    inputProblem(context.params.route ?? {}) ??
    inputProblem(query) ??
    (isPlainObject(query) ? pagingProblem(query) : null) ??
    inputProblem(context.data);
  if (!problem) return;
  throw appError('validation_failed', {
    message:
      'Some input is not acceptable: no NUL or unpaired surrogate characters, no prototype keys, finite safe numbers, shallow nesting.',
    fields: { [problem.path || '_']: problem.key },
  });
}
