/*
 * A shop's products by name in memory, for the search a buyer types (issue 11: a new word each keystroke). The
 * database finds a word of 4 letters among 60,000 names through trigrams and rechecks every candidate (5 ms on
 * PostgreSQL, 23 on the embedded database); here the shop's names, lower-cased by the database and in its order
 * (name, id), are one string searched with indexOf: a millisecond. Kept under the versions of what the shop sells
 * (shop-catalog-counts.ts `shopScopeKey`), built by one read of its sellable products.
 */

export interface NamedProduct {
  id: number;
  /** lower(name), as the database lowercases it. */
  name: string;
  section_id: number;
  brand_id: number | null;
}

export interface NameIndex {
  /** How many products it holds. */
  size: number;
  /**
   * The products whose name holds `text` (already lower-case, no control character), in the index's order, passing
   * the section and brand filters: how many there are and the ids of the page.
   */
  search(text: string, f: { sectionIds?: ReadonlySet<number>; brandId?: number }, limit: number, offset: number): { ids: number[]; total: number };
}

/** Between two names: a control character, never in a search text (searchText strips them), so no match spans two. */
const SEPARATOR = '\u0001';

export function buildNameIndex(products: readonly NamedProduct[]): NameIndex {
  const n = products.length;
  const ids = new Float64Array(n);
  const sections = new Float64Array(n);
  const brands = new Float64Array(n);
  const starts = new Int32Array(n + 1);
  const names: string[] = new Array(n);
  let at = 0;
  products.forEach((p, i) => {
    ids[i] = p.id;
    sections[i] = p.section_id;
    brands[i] = p.brand_id ?? -1;
    starts[i] = at;
    // A name holding the separator stays as it is: a match is placed by the starts, and the text never holds it.
    names[i] = p.name;
    at += names[i].length + 1;
  });
  starts[n] = at;
  const text = names.join(SEPARATOR) + SEPARATOR;

  /** The product whose name the position falls in: the last start at or before it. */
  const productAt = (pos: number) => {
    let lo = 0;
    let hi = n - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (starts[mid] <= pos) lo = mid;
      else hi = mid - 1;
    }
    return lo;
  };

  return {
    size: n,
    search(query, f, limit, offset) {
      const found: number[] = [];
      let total = 0;
      if (!query || query.includes(SEPARATOR)) return { ids: found, total };
      for (let pos = text.indexOf(query); pos !== -1;) {
        const i = productAt(pos);
        if ((!f.sectionIds || f.sectionIds.has(sections[i])) && (f.brandId === undefined || brands[i] === f.brandId)) {
          if (total >= offset && found.length < limit) found.push(ids[i]);
          total++;
        }
        // Each product once: the next match is looked for after its name.
        pos = i + 1 < n ? text.indexOf(query, starts[i + 1]) : -1;
      }
      return { ids: found, total };
    },
  };
}
