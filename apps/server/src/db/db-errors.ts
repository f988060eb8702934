/** PostgreSQL's unique_violation, as both pg and PGlite report it; with a name, only that constraint or index. */
export function isUniqueViolation(err: unknown, constraint?: string): boolean {
  const e = err as { code?: string; constraint?: string } | null;
  if (e?.code !== '23505') return false;
  return constraint === undefined || e.constraint === constraint;
}
