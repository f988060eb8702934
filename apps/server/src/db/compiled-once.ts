import { CompiledQuery, DummyDriver, Kysely, PostgresAdapter, PostgresIntrospector, type Compilable } from 'kysely';
import type { Db } from './database';
import { PagingQueryCompiler } from './paging-compiler';
import type { DB } from './schema';

/** A Kysely without a connection: it builds statements as both databases' dialects compile them. */
export const queryBuilder = new Kysely<DB>({
  dialect: {
    createAdapter: () => new PostgresAdapter(),
    createDriver: () => new DummyDriver(),
    createIntrospector: (db) => new PostgresIntrospector(db),
    createQueryCompiler: () => new PagingQueryCompiler(),
  },
});

/**
 * A query whose shape never changes, built and compiled once: each call binds its parameters only. Kysely builds and
 * compiles a query anew on every call — ~15 % of a short request's CPU in a profile — which the query every request
 * runs (its access token) need not pay. Built with placeholder values in the places of the parameters, in order.
 */
export function compiledOnce<R>(query: Compilable<R>) {
  const compiled = query.compile();
  return async (db: Db, parameters: readonly unknown[]): Promise<R[]> => {
    if (parameters.length !== compiled.parameters.length) {
      throw new Error(`compiledOnce: ${compiled.parameters.length} parameters expected, ${parameters.length} given`);
    }
    return (await db.executeQuery<R>(CompiledQuery.raw(compiled.sql, [...parameters]))).rows;
  };
}

/**
 * The place of a call's value in a statement compiled once per shape (compiledByShape). Anything that reads it as a
 * value while the statement is built (a LIKE pattern made of it, a literal written into the text) would bake one
 * call's value into every call's statement: it throws instead.
 */
class Slot {
  constructor(readonly name: string) {}
  private misuse(): never {
    throw new Error(`compiledByShape: the slot "${this.name}" was read as a value while the statement was built`);
  }
  toString(): string {
    return this.misuse();
  }
  valueOf(): unknown {
    return this.misuse();
  }
  toJSON(): unknown {
    return this.misuse();
  }
}

export type SlotOf = <T>(name: string) => T;
const slotOf: SlotOf = <T>(name: string) => new Slot(name) as unknown as T;

/**
 * A statement whose text depends on a few choices (which filters are set, the sort, the page's bounds: its shape)
 * and whose values vary from call to call: each shape is built and compiled once, with slots where the values go,
 * and each call binds its values into them. The shape must hold every choice the text depends on; the most recently
 * used `max` shapes are kept.
 */
export function compiledByShape<S, R>(build: (shape: S, slot: SlotOf) => CompiledQuery<R>, max = 256) {
  const shapes = new Map<string, CompiledQuery<R>>();
  return async (db: Db, shape: S, values: Readonly<Record<string, unknown>>): Promise<R[]> => {
    const key = JSON.stringify(shape);
    let compiled = shapes.get(key);
    if (compiled) shapes.delete(key);
    else compiled = build(shape, slotOf);
    shapes.set(key, compiled);
    if (shapes.size > max) shapes.delete(shapes.keys().next().value!);
    const parameters = compiled.parameters.map((p) => {
      if (!(p instanceof Slot)) return p;
      if (!(p.name in values)) throw new Error(`compiledByShape: no value for the slot "${p.name}"`);
      return values[p.name];
    });
    return (await db.executeQuery<R>(CompiledQuery.raw(compiled.sql, parameters))).rows;
  };
}
