/** A JSON value as statements use it. */
export type Json = string | number | boolean | null | Json[] | { [key: string]: Json };

/**
 * Canonical JSON (DESIGN §3): keys sorted by code point, no spaces, so that browser, wallet and
 * server turn the same statement into the same bytes. Undefined members are left out.
 * Written as loops appending to one string: a 5,000-release upload writes every release's
 * statement and event this way, and arrays of entries made and sorted per object cost several
 * times as much (in time and in garbage).
 */
export function canonicalJson(value: unknown): string {
  switch (typeof value) {
    case 'string':
      return JSON.stringify(value);
    case 'boolean':
      return value ? 'true' : 'false';
    case 'number':
      if (!Number.isFinite(value)) throw new TypeError('canonical JSON has no NaN or Infinity');
      return JSON.stringify(value);
    case 'object':
      if (value === null) return 'null';
      return Array.isArray(value) ? arrayJson(value) : objectJson(value as Record<string, unknown>);
    default:
      throw new TypeError(`canonical JSON cannot hold a ${typeof value}`);
  }
}

function arrayJson(array: readonly unknown[]): string {
  let text = '[';
  for (let i = 0; i < array.length; i += 1) {
    if (i > 0) text += ',';
    // A hole is left empty, as `map` and `join` leave it.
    if (i in array) text += canonicalJson(array[i]);
  }
  return `${text}]`;
}

function objectJson(object: Record<string, unknown>): string {
  // The default sort compares UTF-16 code units, as `<` does.
  const keys = Object.keys(object).sort();
  let text = '{';
  let first = true;
  for (const key of keys) {
    const member = object[key];
    if (member === undefined) continue;
    if (!first) text += ',';
    first = false;
    text += `${JSON.stringify(key)}:${canonicalJson(member)}`;
  }
  return `${text}}`;
}
