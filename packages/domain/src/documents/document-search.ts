/** The longest search text the documents list takes. */
export const maxDocumentSearchLength = 100;

/** Every text and number a body holds, depth first (keys are not content). */
function leaves(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  if (typeof value === 'number') return [String(value)];
  if (Array.isArray(value)) return value.flatMap(leaves);
  if (value && typeof value === 'object') return Object.values(value).flatMap(leaves);
  return [];
}

/**
 * What a document is searched by (access spec §5 "Document text search is case-insensitive
 * substring"): the values of its body, lowercased, one per line, so a term never matches across
 * two fields. Stored with the document; a search lowercases its term with `documentSearchTerm`.
 */
export function documentSearchText(body: unknown): string {
  return leaves(body)
    .map((text) => text.toLowerCase())
    .join('\n');
}

/** A search term as it is compared with `documentSearchText`: trimmed, lowercased; '' for none. */
export function documentSearchTerm(search: string | undefined): string {
  return (search ?? '').trim().toLowerCase();
}
