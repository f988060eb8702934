import type { z } from 'zod';

/*
 * Reading the contracts' zod schemas for the generated security suites: a route's top-level query or body fields,
 * and whether a field's schema is (or wraps) a marked one.
 */

export type Schema = z.core.$ZodType;
export const defOf = (s: Schema) => s._zod.def as unknown as Record<string, unknown> & { type: string };

/** The schemas a schema wraps: an optional's, a default's, a catch's, a pipe's (preprocess) ends, a union's options, an array's element. */
export function wrapped(s: Schema): Schema[] {
  const def = defOf(s);
  const inner = ['innerType', 'in', 'out', 'schema', 'element'].map((k) => def[k]).filter(Boolean) as Schema[];
  return [...inner, ...((def.options as Schema[] | undefined) ?? [])];
}

/** The first schema, depth first through the wrappers, that `marked` accepts. */
export function findWrapped(s: Schema, marked: (x: Schema) => boolean, depth = 0): Schema | undefined {
  if (marked(s)) return s;
  if (depth > 12) return undefined;
  for (const x of wrapped(s)) {
    const found = findWrapped(x, marked, depth + 1);
    if (found) return found;
  }
  return undefined;
}

/** The top-level fields of an object schema, through its wrappers, preprocessing and unions. */
export function fieldsOf(s: Schema | undefined, depth = 0): [string, Schema][] {
  if (!s || depth > 12) return [];
  const def = defOf(s);
  if (def.type === 'object') return Object.entries(def.shape as Record<string, Schema>);
  if (def.type === 'union') return (def.options as Schema[]).flatMap((o) => fieldsOf(o, depth + 1));
  if (def.type === 'intersection') return [def.left, def.right].flatMap((o) => fieldsOf(o as Schema, depth + 1));
  const inner = def.type === 'pipe' ? [def.in, def.out] : [def.innerType];
  return (inner.filter(Boolean) as Schema[]).flatMap((o) => fieldsOf(o, depth + 1));
}
