/** One choice of the client filter. */
export interface ClientOption {
  value: number;
  label: string;
}

const pickId = (row: Record<string, unknown>) => Number(row.ID ?? row.id);
const pickName = (row: Record<string, unknown>) => {
  const name = row.NAME ?? row.name ?? row.SHORT_NAME ?? row.short_name;
  return typeof name === 'string' ? name : '';
};

/**
 * GET /v3/api/partner/client/short/ as select options. The route belongs to the clients module; its answer is
 * read leniently: a plain array or { ITEMS }, rows with ID and NAME (or SHORT_NAME).
 */
export function clientOptionsFrom(answer: unknown): ClientOption[] {
  const rows = Array.isArray(answer)
    ? answer
    : answer && typeof answer === 'object' && Array.isArray((answer as { ITEMS?: unknown }).ITEMS)
      ? (answer as { ITEMS: unknown[] }).ITEMS
      : [];
  const out: ClientOption[] = [];
  const seen = new Set<number>();
  for (const row of rows) {
    if (!row || typeof row !== 'object') continue;
    const id = pickId(row as Record<string, unknown>);
    if (!Number.isSafeInteger(id) || id <= 0 || seen.has(id)) continue;
    seen.add(id);
    out.push({ value: id, label: pickName(row as Record<string, unknown>) || `№ ${id}` });
  }
  return out;
}
