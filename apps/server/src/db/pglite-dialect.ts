import type { PGlite } from '@electric-sql/pglite';
import {
  CompiledQuery,
  PostgresAdapter,
  PostgresIntrospector,
  type DatabaseConnection,
  type Dialect,
  type Driver,
  type Kysely,
  type QueryResult,
  type TransactionSettings,
} from 'kysely';
import { PagingQueryCompiler } from './paging-compiler';
import { PglitePreparedStatements } from './pglite-prepared';

/** One set of prepared statements per PGlite instance (its one session holds them, whichever dialect asks). */
const preparedOf = new WeakMap<PGlite, PglitePreparedStatements>();
const preparedStatements = (pg: PGlite) => {
  let prepared = preparedOf.get(pg);
  if (!prepared) preparedOf.set(pg, (prepared = new PglitePreparedStatements(pg)));
  return prepared;
};

/**
 * Kysely on embedded PGlite. PGlite is a single connection: the driver hands it out to one user at a time
 * (a query, or a whole transaction), so concurrent requests are serialised instead of interleaving
 * statements inside each other's transactions.
 */
class PGliteConnection implements DatabaseConnection {
  private readonly statements: PglitePreparedStatements;

  constructor(pg: PGlite) {
    this.statements = preparedStatements(pg);
  }

  async executeQuery<R>(compiled: CompiledQuery): Promise<QueryResult<R>> {
    const res = await this.statements.query<R>(compiled.sql, compiled.parameters);
    // PGlite runs in this thread and its promises settle without I/O: let timers and requests in between queries.
    await new Promise<void>((resolve) => setImmediate(resolve));
    const affected = res.affectedRows ?? 0;
    return { rows: res.rows, numAffectedRows: BigInt(affected) };
  }

  // eslint-disable-next-line require-yield
  async *streamQuery<R>(): AsyncIterableIterator<QueryResult<R>> {
    throw new Error('Streaming is not supported on PGlite');
  }
}

class PGliteDriver implements Driver {
  private queue: Promise<void> = Promise.resolve();
  private readonly connection: PGliteConnection;
  private readonly releases = new WeakMap<DatabaseConnection, () => void>();

  constructor(private readonly pg: PGlite) {
    this.connection = new PGliteConnection(pg);
  }

  async init(): Promise<void> {
    await this.pg.waitReady;
  }

  async acquireConnection(): Promise<DatabaseConnection> {
    let release!: () => void;
    const turn = new Promise<void>((resolve) => (release = resolve));
    const previous = this.queue;
    this.queue = previous.then(() => turn);
    await previous;
    this.releases.set(this.connection, release);
    return this.connection;
  }

  async beginTransaction(conn: DatabaseConnection, settings: TransactionSettings): Promise<void> {
    const iso = settings.isolationLevel ? ` isolation level ${settings.isolationLevel}` : '';
    await conn.executeQuery(CompiledQuery.raw(`begin${iso}`));
  }

  async commitTransaction(conn: DatabaseConnection): Promise<void> {
    await conn.executeQuery(CompiledQuery.raw('commit'));
  }

  async rollbackTransaction(conn: DatabaseConnection): Promise<void> {
    await conn.executeQuery(CompiledQuery.raw('rollback'));
  }

  async releaseConnection(conn: DatabaseConnection): Promise<void> {
    const release = this.releases.get(conn);
    this.releases.delete(conn);
    release?.();
  }

  async destroy(): Promise<void> {
    // The owner of the PGlite instance closes it (after a final CHECKPOINT).
  }
}

export class PGliteDialect implements Dialect {
  constructor(private readonly pg: PGlite) {}
  createAdapter() {
    return new PostgresAdapter();
  }
  createDriver(): Driver {
    return new PGliteDriver(this.pg);
  }
  createIntrospector(db: Kysely<unknown>) {
    return new PostgresIntrospector(db);
  }
  createQueryCompiler() {
    // The same statement texts as on PostgreSQL (page bounds written as numbers).
    return new PagingQueryCompiler();
  }
}
