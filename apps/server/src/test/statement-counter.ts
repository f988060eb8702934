import type { Db } from '@/db/database';

/**
 * The database with a count of the statements it ran (`counter.n`, reset at will): counted as their results come
 * back, so that a statement compiled once and run many times (db/compiled-once.ts) counts each time it runs.
 */
export function countingStatements(db: Db) {
  const counter = { n: 0 };
  const counted = db.withPlugin({
    transformQuery: (args) => args.node,
    transformResult: async (args) => {
      counter.n++;
      return args.result;
    },
  });
  return { db: counted, counter };
}
