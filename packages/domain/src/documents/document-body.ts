import type { DocumentBody } from '../api/documents.ts';

/** A value as stored: text trimmed; empty text, null and empty objects left out. */
function cleaned(value: unknown): unknown {
  if (typeof value === 'string') {
    const text = value.trim();
    return text === '' ? undefined : text;
  }
  if (Array.isArray(value)) return value.map((item) => cleaned(item) ?? null);
  if (value && typeof value === 'object') {
    const entries = Object.entries(value)
      .map(([key, item]) => [key, cleaned(item)] as const)
      .filter(([, item]) => item !== undefined);
    return entries.length ? Object.fromEntries(entries) : undefined;
  }
  return value ?? undefined;
}

/**
 * A body as it is checked and stored: every text trimmed, and what is left empty left out, as
 * the web's form leaves out a field nobody filled in. A reference of spaces is then missing.
 */
export function cleanDocumentBody(body: DocumentBody): DocumentBody {
  return (cleaned(body) ?? {}) as DocumentBody;
}
