import { parse, protocol, type PGlite } from '@electric-sql/pglite';
import { isStalePlan, MAX_PREPARED_PER_CONNECTION, statementFacts } from './prepared-statements';

/*
 * Named prepared statements on the embedded PGlite, as db/prepared-statements.ts gives them to PostgreSQL's
 * connections. PGlite's own query() parses every statement anew (an unnamed statement, described before each run),
 * and in its one thread that work queues every other request behind it. A statement is parsed and described once
 * (Parse, Describe, Sync), then each call only binds its values and executes (Bind, Execute, Sync); the results are
 * read by PGlite's own parser.
 * Reads only, and not a text search: PGlite has no autovacuum, and a generic plan kept for a write from when its
 * table was small outlived the table's statistics (a price file's chunks, planned on an empty price list, scanned it
 * whole for each chunk as it filled: apply 5.5 s -> 62 s). Forcing custom plans on the session instead re-planned
 * every statement of the triggers' PL/pgSQL for each row (apply 13 s). Reads are where the time goes (the lists, the
 * token), and ANALYZE (before a chunked apply, and of grown tables every few minutes) sends their plans to be made
 * again. At most MAX_PREPARED_PER_CONNECTION are kept (the least recently used closed first), and a statement whose
 * table changed is dropped and run afresh.
 * A/B on PGlite 0.5.16 (npm run bench --engine pglite, demo ×20, c=1, 2026-11-28), CPU per request prepared vs
 * PGlite's query(): orders 1.62 vs 4.40 ms, order card 3.21 vs 10.00, clients 2.98 vs 10.10, the shop's section page
 * 2.27 vs 9.42, a client's prices 3.10 vs 10.87.
 */

const { serialize } = protocol;
type BackendMessage = Awaited<ReturnType<PGlite['execProtocol']>>['messages'][number];

interface Prepared {
  /** The parameters' types, which choose each value's text form. */
  paramTypes: number[];
  /** The row description (or noData) the results are read with. */
  description: BackendMessage[];
}

export interface PreparedResult<R> {
  rows: R[];
  affectedRows?: number;
}

export class PglitePreparedStatements {
  // Insertion order is recency: a statement used again is moved to the end.
  private readonly held = new Map<string, Prepared>();

  constructor(
    private readonly pg: PGlite,
    private readonly max = MAX_PREPARED_PER_CONNECTION,
  ) {}

  /** Runs `text` with `params`, prepared when it may be (else as PGlite runs any query). */
  async query<R>(text: string, params: readonly unknown[]): Promise<PreparedResult<R>> {
    const { preparableRead, name } = statementFacts(text);
    if (!preparableRead) return this.pg.query<R>(text, params as unknown[]);
    let statement = this.held.get(name);
    if (statement) this.held.delete(name);
    else statement = await this.prepare(name, text);
    this.held.set(name, statement);
    if (this.held.size > this.max) await this.close(this.held.keys().next().value!);
    try {
      return await this.execute<R>(name, statement, params);
    } catch (err) {
      if (!isStalePlan(err)) throw err;
      // A migration changed the statement's table: forgotten, then run afresh (inside a transaction the failure
      // has already ended it: that one fails once, as on PostgreSQL).
      await this.close(name);
      return this.pg.query<R>(text, params as unknown[]);
    }
  }

  /** Runs the messages of one step; a Sync always follows, as it must after an error. */
  private async exchange(messages: Uint8Array[], sync: boolean): Promise<BackendMessage[]> {
    const out: BackendMessage[] = [];
    try {
      for (const m of messages) out.push(...(await this.pg.execProtocol(m, { syncToFs: false })).messages);
    } finally {
      if (sync) out.push(...(await this.pg.execProtocol(serialize.sync(), { syncToFs: false })).messages);
    }
    return out;
  }

  /**
   * Parses and describes the statement, closing first any statement of its name the session still holds (a close
   * that failed earlier, say in an aborted transaction): closing an unknown name is no error, parsing a known one is,
   * and it would end the caller's transaction.
   */
  private async prepare(name: string, text: string): Promise<Prepared> {
    const messages = await this.exchange(
      [serialize.close({ type: 'S', name }), serialize.parse({ name, text }), serialize.describe({ type: 'S', name })],
      true,
    );
    const params = messages.find((m) => m.name === 'parameterDescription') as { dataTypeIDs?: number[] } | undefined;
    return {
      paramTypes: params?.dataTypeIDs ?? [],
      description: messages.filter((m) => m.name === 'rowDescription' || m.name === 'noData'),
    };
  }

  private async execute<R>(name: string, statement: Prepared, params: readonly unknown[]): Promise<PreparedResult<R>> {
    const values = params.map((value, i) => {
      if (value === null || value === undefined) return null;
      const serializer = this.pg.serializers[statement.paramTypes[i]];
      return serializer ? serializer(value) : String(value);
    });
    const messages = await this.exchange([serialize.bind({ statement: name, values }), serialize.execute({})], true);
    if (!this.pg.isInTransaction()) await this.pg.syncToFs();
    const [result] = parse.parseResults([...statement.description, ...messages], this.pg.parsers);
    return result as unknown as PreparedResult<R>;
  }

  private async close(name: string) {
    this.held.delete(name);
    await this.exchange([serialize.close({ type: 'S', name })], true).catch(() => {});
  }
}
