/**
 * A text's length in characters (code points), as JSON Schema's minLength and maxLength count
 * it: the server's ajv does, and the web's precompiled validators call this (it is what ajv's
 * own `ucs2length` computes), so both sides agree on every body.
 */
export function ucs2length(text: string): number {
  let length = 0;
  for (const _ of text) length++;
  return length;
}
