/** The list searches' shared pieces (orders and clients search the same way). */

/** A LIKE pattern matching `text` anywhere, its wildcards escaped (PostgreSQL's default escape is the backslash). */
export const likeContains = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * The tsquery that finds `text` inside a field indexed by its suffixes (`text_suffixes`, migration 0031): some suffix
 * starts with it. Quoted, so that every character is the lexeme's own (a space, `&`, `!`…).
 */
export const suffixStartingWith = (text: string) => `'${text.replace(/[\\']/g, (c) => `\\${c}`)}':*`;

/** The shortest suffix `text_suffixes` indexes: a shorter text is matched without the index. */
export const SHORTEST_SUFFIX = 3;

/** Phone-like text ("+7 (926) 118", "926-11"): its digits when there are three or more, else undefined. */
export function phoneDigitsOf(query: string): string | undefined {
  if (!/^[\d\s()+-]+$/.test(query)) return undefined;
  const digits = query.replace(/\D/g, '');
  return digits.length >= 3 ? digits : undefined;
}

/**
 * A search query as the lists match it: lower-case, without control characters (the orders' search text joins its
 * fields with U+0001, which a query must not match across), undefined when nothing is left.
 */
export function searchText(query: string | undefined): string | undefined {
  const text = query
    // eslint-disable-next-line no-control-regex
    ?.replace(/[\u0000-\u001f\u007f]/g, '')
    .trim()
    .toLowerCase();
  return text || undefined;
}
