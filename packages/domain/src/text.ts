/**
 * Characters no text the portal takes may carry (issue 9 §7): the NUL byte, which PostgreSQL
 * cannot store, and a lone UTF-16 surrogate, which no encoding can carry faithfully (a signature
 * over it would not match what is stored).
 */
const loneSurrogate = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/** Whether a text is free of NUL bytes and lone surrogates. */
export function isCleanText(value: string): boolean {
  return !value.includes('\u0000') && !loneSurrogate.test(value);
}

/** A message's `{{name}}` placeholders filled in from `values` (a missing one as nothing). */
export function fillMessage(template: string, values: Readonly<Record<string, string>>): string {
  return template.replace(/{{(\w+)}}/g, (_, name: string) => values[name] ?? '');
}
