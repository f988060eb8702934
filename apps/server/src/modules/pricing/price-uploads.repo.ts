import { sql, type Insertable, type Updateable } from 'kysely';
import type { Db } from '@/db/database';
import type { PriceUploadsTable } from '@/db/schema';
import type { StagedRow, UploadKind } from './price-file-rows';

/*
 * Price uploads (issue 12.5–6): the upload rows, their staged lines, and the one-statement-each apply and rollback
 * of a file onto its target — a price list's Excel prices (price_list_products), a client's personal prices
 * (client_prices) or the partner's remains and multiplicities (partner_product_remains). Apply keeps the rows it
 * replaces in price_upload_backups; rollback puts them back.
 */

/** Staged lines after `after` up to `upTo`. */
export interface LineChunk {
  after: number;
  upTo: number;
}

/** Products after `after` up to `upTo` (by id): a chunk of a rollback. */
export interface ProductRange {
  after: number;
  upTo: number;
}

/** Whose prices an upload changes. */
export interface UploadTarget {
  kind: UploadKind;
  /** PRICE: the list; REMAIN and MULTIPLICITY: the base list (their page). */
  listId: number | null;
  clientId: number | null;
}

const targetWhere = (t: UploadTarget) =>
  sql<boolean>`u.kind = ${t.kind} and u.price_list_id is not distinct from ${t.listId} and u.client_id is not distinct from ${t.clientId}`;

/** The staged products of an upload that go in: rows without an error. */
const stagedIds = (partnerId: number, uploadId: number) =>
  sql`(select r.product_id from price_upload_rows r where r.partner_id = ${partnerId} and r.upload_id = ${uploadId} and r.error is null)`;

export function priceUploadsRepo(db: Db) {
  const targetUploads = (partnerId: number, t: UploadTarget) =>
    db.selectFrom('price_uploads as u').where('u.partner_id', '=', partnerId).where(targetWhere(t));

  return {
    insert: (row: Insertable<PriceUploadsTable>) => db.insertInto('price_uploads').values(row).returningAll().executeTakeFirstOrThrow(),

    update: (partnerId: number, id: number, set: Updateable<PriceUploadsTable>) =>
      db.updateTable('price_uploads').set(set).where('partner_id', '=', partnerId).where('id', '=', id).execute(),

    find: (partnerId: number, id: number) =>
      db.selectFrom('price_uploads').selectAll().where('partner_id', '=', partnerId).where('id', '=', id).executeTakeFirst(),

    /** The upload row locked for a state change. */
    lock: (partnerId: number, id: number) =>
      db.selectFrom('price_uploads').selectAll().where('partner_id', '=', partnerId).where('id', '=', id).forUpdate().executeTakeFirst(),

    /**
     * Serialises the state changes of one target's uploads (a new file, apply, rollback, reset): a transaction-scoped
     * advisory lock on the partner and the target.
     */
    lockTarget: (partnerId: number, t: UploadTarget) =>
      sql`select pg_advisory_xact_lock(${partnerId}::int, hashtext(${`${t.kind}:${t.listId ?? ''}:${t.clientId ?? ''}`}))`.execute(db),

    /** The latest upload of the target, or the latest applied and not rolled back one. */
    latest: (partnerId: number, t: UploadTarget, opts: { applied?: boolean } = {}) =>
      db
        .selectFrom('price_uploads as u')
        .selectAll()
        .where('u.partner_id', '=', partnerId)
        .where(targetWhere(t))
        .$if(Boolean(opts.applied), (q) => q.where('u.applied_at', 'is not', null).where('u.rolled_back_at', 'is', null))
        .orderBy('u.id', 'desc')
        .limit(1)
        .executeTakeFirst(),

    /** An upload of the target still being read, applied or rolled back. */
    busy: (partnerId: number, t: UploadTarget) =>
      targetUploads(partnerId, t)
        .select('u.id')
        .where((eb) =>
          eb.or([eb('u.catalog_status', 'in', ['QUEUED', 'PROCESSING']), eb('u.price_status', 'in', ['QUEUED', 'PROCESSING', 'ROLLING_BACK'])]),
        )
        .executeTakeFirst(),

    /** The upload of the target whose rollback runs, if one does. */
    rollingBack: (partnerId: number, t: UploadTarget) =>
      targetUploads(partnerId, t).selectAll('u').where('u.price_status', '=', 'ROLLING_BACK').executeTakeFirst(),

    history: (
      partnerId: number,
      t: UploadTarget,
      q: { from?: Date; to?: Date; sort: 'date_upload' | 'string_count'; desc: boolean; limit: number; offset: number },
    ) => {
      let base = db.selectFrom('price_uploads as u').where('u.partner_id', '=', partnerId).where(targetWhere(t));
      if (q.from) base = base.where('u.created_at', '>=', q.from);
      if (q.to) base = base.where('u.created_at', '<', q.to);
      return Promise.all([
        base
          .selectAll()
          .orderBy(q.sort === 'string_count' ? 'u.string_count' : 'u.created_at', q.desc ? 'desc' : 'asc')
          .orderBy('u.id', q.desc ? 'desc' : 'asc')
          .limit(q.limit)
          .offset(q.offset)
          .execute(),
        base
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow()
          .then((r) => Number(r.n)),
      ]);
    },

    clearStaged: (partnerId: number, uploadId: number) =>
      db.deleteFrom('price_upload_rows').where('partner_id', '=', partnerId).where('upload_id', '=', uploadId).execute(),

    /** The active catalogue products of the codes, by code. */
    productIdsByCode: async (codes: string[]): Promise<Map<string, number>> =>
      new Map(
        codes.length
          ? (
              await sql<{ code: string; id: string | number }>`select up_code_1c as code, id from catalog_products
                where up_code_1c = any(${codes}::bpchar[]) and active`.execute(db)
            ).rows.map((r) => [r.code, Number(r.id)])
          : [],
      ),

    /** Stages a batch of lines, their products found, in one statement. */
    stage: async (partnerId: number, uploadId: number, rows: StagedRow[]) => {
      if (!rows.length) return;
      // A column empty on every line goes as a null array (unnest pads it with nulls): a price file has no
      // quantities, a remains file no prices.
      const column = <T>(pick: (r: StagedRow) => T | null) => {
        const values = rows.map(pick);
        return values.some((v) => v !== null) ? values : null;
      };
      await sql`
        insert into price_upload_rows (partner_id, upload_id, line, code, product_id, site_price, percent, quantity, multiplicity, error)
        select ${partnerId}, ${uploadId}, t.*
        from unnest(${column((r) => r.line)}::int[], ${column((r) => r.code)}::text[], ${column((r) => r.productId)}::bigint[],
          ${column((r) => r.sitePrice)}::numeric[], ${column((r) => r.percent)}::numeric[], ${column((r) => r.quantity)}::int[],
          ${column((r) => r.multiplicity)}::text[], ${column((r) => r.error)}::text[])
          as t(line, code, product_id, site_price, percent, quantity, multiplicity, error)`.execute(db);
    },

    /** The lines in error, first `limit` of them, by line. */
    errors: (partnerId: number, uploadId: number, limit: number) =>
      db
        .selectFrom('price_upload_rows')
        .select(['line', 'code', 'error'])
        .where('partner_id', '=', partnerId)
        .where('upload_id', '=', uploadId)
        .where('error', 'is not', null)
        .orderBy('line')
        .limit(limit)
        .execute(),

    /** The partner's current remains (or multiplicities) of the products, as text. */
    currentValues: async (partnerId: number, kind: UploadKind, productIds: number[]) =>
      new Map(
        productIds.length
          ? (
              await db
                .selectFrom('partner_product_remains')
                .select(['product_id', 'quantity', 'multiplicity'])
                .where('partner_id', '=', partnerId)
                .where('product_id', 'in', productIds)
                .execute()
            ).flatMap((r) => {
              const v = kind === 'REMAIN' ? r.quantity : r.multiplicity;
              return v === null ? [] : [[Number(r.product_id), String(v)] as const];
            })
          : [],
      ),

    productNames: async (ids: number[]) =>
      new Map(
        ids.length
          ? (await db.selectFrom('catalog_products').select(['id', 'up_code_1c', 'name']).where('id', 'in', ids).execute()).map((r) => [
              Number(r.id),
              { code: r.up_code_1c, name: r.name },
            ])
          : [],
      ),

    /**
     * Products of the target's live loaded rows that the file does not name (what REPLACE takes away; a price whose
     * term has passed is no longer the client's price, and its row going changes nothing).
     */
    removedCount: async (partnerId: number, uploadId: number, t: UploadTarget) => {
      const { table, where } = current(partnerId, t);
      const live = holdsForAPeriod(t.kind) ? sql`and (x.valid_until is null or x.valid_until > now())` : sql``;
      const r = await sql<{ n: number }>`select count(*)::int as n from ${table} x where ${where} ${live}
        and x.product_id not in ${stagedIds(partnerId, uploadId)}`.execute(db);
      return Number(r.rows[0].n);
    },

    /** Loaded rows of the target and the end of their validity. */
    loaded: async (partnerId: number, t: UploadTarget) => {
      const { table, where } = current(partnerId, t);
      const validity = holdsForAPeriod(t.kind) ? sql`max(x.valid_until)` : sql`null::timestamptz`;
      const r = await sql<{ n: number; until: Date | null }>`select count(*)::int as n, ${validity} as until from ${table} x where ${where}`.execute(
        db,
      );
      return { count: Number(r.rows[0].n), until: r.rows[0].until };
    },

    /** The next `size` good staged lines after `afterLine`, as a range of lines (undefined: none left). */
    chunk: async (partnerId: number, uploadId: number, afterLine: number, size: number): Promise<LineChunk | undefined> => {
      const r = await sql<{ up_to: number | null }>`select max(c.line) as up_to from (
        select r.line from price_upload_rows r where r.partner_id = ${partnerId} and r.upload_id = ${uploadId} and r.error is null
          and r.line > ${afterLine} order by r.line limit ${size}) c`.execute(db);
      const upTo = r.rows[0]?.up_to;
      return upTo == null ? undefined : { after: afterLine, upTo: Number(upTo) };
    },

    /**
     * The good staged lines of a range that may change what the client pays (the apply counts them, with the engine,
     * before writing them): a price line leaving the target's live loaded price as it is (the same site price and
     * percent, the same own price, or an empty line of a product without one) changes none of the engine's inputs,
     * and is left out. Remains and multiplicities come all.
     */
    stagedValues: async (partnerId: number, uploadId: number, lines: LineChunk, t: UploadTarget) => {
      const kept =
        t.kind === 'PRICE'
          ? sql`not exists (select 1 from price_list_products x where x.partner_id = ${partnerId} and x.price_list_id = ${t.listId}
              and x.product_id = r.product_id and (x.valid_until is null or x.valid_until > now())
              and x.site_price is not distinct from r.site_price and x.percent is not distinct from r.percent)
            and (r.site_price is not null or r.percent is not null or exists (select 1 from price_list_products x
              where x.partner_id = ${partnerId} and x.price_list_id = ${t.listId} and x.product_id = r.product_id
              and (x.valid_until is null or x.valid_until > now())))`
          : t.kind === 'PERSONAL'
            ? sql`not exists (select 1 from client_prices x where x.partner_id = ${partnerId} and x.client_id = ${t.clientId}
                and x.product_id = r.product_id and (x.valid_until is null or x.valid_until > now()) and x.price = r.site_price)`
            : sql`true`;
      const { rows } = await sql<{
        product_id: number;
        site_price: string | null;
        percent: string | null;
        quantity: number | null;
        multiplicity: string | null;
      }>`
        select r.product_id, r.site_price, r.percent, r.quantity, r.multiplicity from price_upload_rows r
        where r.partner_id = ${partnerId} and r.upload_id = ${uploadId} and r.error is null and r.line > ${lines.after} and r.line <= ${lines.upTo}
          and ${kept}
        order by r.line`.execute(db);
      return rows.map((r) => ({
        productId: Number(r.product_id),
        sitePrice: r.site_price,
        percent: r.percent,
        quantity: r.quantity,
        multiplicity: r.multiplicity,
      }));
    },

    /**
     * Fresh statistics of the staged lines, the backups and the target's table before a chunked apply or rollback:
     * the embedded database has no autovacuum, and with none the planner reads the whole target to find a chunk's
     * 2,000 products (a 100,000-line rollback: 4 s a chunk instead of 30 ms). `vacuum` (the embedded database) also
     * clears out the rows earlier applies and rollbacks deleted: left there, every search of the list walked their
     * index entries (a chunk's delete read 512,000 of them: 80 ms → 10 ms).
     */
    analyze: async (partnerId: number, t: UploadTarget, opts: { vacuum?: boolean } = {}) => {
      const run = opts.vacuum ? sql`vacuum (analyze)` : sql`analyze`;
      for (const table of [sql`price_upload_rows`, sql`price_upload_backups`, current(partnerId, t).table]) await sql`${run} ${table}`.execute(db);
    },

    /**
     * Fresh statistics of the target's table alone, while a chunked apply fills it: taken when the apply began, they
     * say the list as it was; a list that held few rows was then thought to hold none, and each chunk found its 2,000
     * products by walking all of the list's rows on another index, testing each against all 2,000 (a 100,000-line
     * file into an empty list: 0.6 s a chunk by its end, 28 s in all, where it takes 1 s).
     */
    analyzeTarget: (partnerId: number, t: UploadTarget) => sql`analyze ${current(partnerId, t).table}`.execute(db),

    /** Clears out the rows the target's table holds deleted (the embedded database, after a rollback). */
    vacuum: (partnerId: number, t: UploadTarget) => sql`vacuum ${current(partnerId, t).table}`.execute(db),

    /**
     * Writes the upload's lines (a chunk of them, or all) onto its target, keeping what they replace. Run inside the
     * caller's transaction.
     */
    async applyLines(partnerId: number, uploadId: number, t: UploadTarget, lines: LineChunk | 'all', validUntil: Date | null): Promise<number> {
      const inChunk = lines === 'all' ? sql`true` : sql`r.line > ${lines.after} and r.line <= ${lines.upTo}`;
      // A chunk names its products as one array, read first: the target is then searched by key. As a semi-join the
      // planner would judge the lines by statistics taken before they were staged, and test every row of the target
      // (quadratic as the target fills).
      const named =
        lines === 'all'
          ? sql`x.product_id in ${stagedIds(partnerId, uploadId)}`
          : sql`x.product_id = any(array(select r.product_id from price_upload_rows r where r.partner_id = ${partnerId}
              and r.upload_id = ${uploadId} and r.error is null and ${inChunk}))`;
      await backUpAndClear(db, partnerId, uploadId, t, named);
      // The products that had no row are noted for the rollback (see ownsItsRows).
      if (!ownsItsRows(t.kind))
        await sql`insert into price_upload_backups (partner_id, upload_id, product_id, existed)
          select ${partnerId}, ${uploadId}, r.product_id, false from price_upload_rows r
          where r.partner_id = ${partnerId} and r.upload_id = ${uploadId} and r.error is null and ${inChunk}
          on conflict do nothing`.execute(db);
      return write(db, partnerId, uploadId, t, validUntil, inChunk);
    },

    /** A replacing file's last step: the target's rows of products the file does not name go, kept in the backups. */
    async clearUnnamed(partnerId: number, uploadId: number, t: UploadTarget): Promise<void> {
      await backUpAndClear(db, partnerId, uploadId, t, sql`x.product_id not in ${stagedIds(partnerId, uploadId)}`);
    },

    /**
     * Puts back what the upload replaced: all of it (the rows it wrote go, its backups come back), or the backed-up
     * products of a range (a chunked rollback, after clearWritten). Run inside the caller's transaction.
     */
    async rollback(partnerId: number, uploadId: number, t: UploadTarget, products?: ProductRange): Promise<void> {
      const inRange = products ? sql`b.product_id > ${products.after} and b.product_id <= ${products.upTo}` : sql`true`;
      const backed = sql`x.product_id in (select b.product_id from price_upload_backups b where b.partner_id = ${partnerId} and b.upload_id = ${uploadId} and ${inRange})`;
      await clear(db, partnerId, t, !products && ownsItsRows(t.kind) ? sql`(x.upload_id = ${uploadId} or ${backed})` : backed);
      await restore(db, partnerId, uploadId, t, inRange);
    },

    /**
     * A chunked rollback's first step: up to `size` of the price list's rows the upload wrote go (0 when none are
     * left, or for other targets, whose backups name them).
     */
    async clearWritten(partnerId: number, uploadId: number, t: UploadTarget, size: number): Promise<number> {
      if (!ownsItsRows(t.kind)) return 0;
      const { table, where } = current(partnerId, t);
      const gone = await sql`delete from ${table} x where ${where} and x.product_id in (
        select x.product_id from ${table} x where ${where} and x.upload_id = ${uploadId} limit ${size})`.execute(db);
      return Number(gone.numAffectedRows ?? 0n);
    },

    /** How many of the price list's rows the upload wrote are still there (a chunked rollback's progress). */
    writtenCount: async (partnerId: number, uploadId: number, t: UploadTarget) => {
      if (!ownsItsRows(t.kind)) return 0;
      const { table, where } = current(partnerId, t);
      const r = await sql<{ n: number }>`select count(*)::int as n from ${table} x where ${where} and x.upload_id = ${uploadId}`.execute(db);
      return Number(r.rows[0].n);
    },

    /** The next `size` products the upload replaced after product `after`, as a range; none when all are back. */
    async backedUpRange(partnerId: number, uploadId: number, after: number, size: number): Promise<(ProductRange & { count: number }) | undefined> {
      const last = await db
        .selectFrom((eb) =>
          eb
            .selectFrom('price_upload_backups')
            .select('product_id')
            .where('partner_id', '=', partnerId)
            .where('upload_id', '=', uploadId)
            .where('product_id', '>', after)
            .orderBy('product_id')
            .limit(size)
            .as('chunk'),
        )
        .select((eb) => [eb.fn.max('chunk.product_id').as('up_to'), eb.fn.countAll<number>().as('count')])
        .executeTakeFirst();
      return last?.up_to == null ? undefined : { after, upTo: Number(last.up_to), count: Number(last.count) };
    },

    /** How many products the upload replaced, and how many of them up to product `upTo` (a rollback's progress). */
    backedUpCount: async (partnerId: number, uploadId: number, upTo: number) => {
      const row = await db
        .selectFrom('price_upload_backups')
        .select((eb) => [eb.fn.countAll<number>().as('all'), sql<number>`count(*) filter (where product_id <= ${upTo})`.as('done')])
        .where('partner_id', '=', partnerId)
        .where('upload_id', '=', uploadId)
        .executeTakeFirstOrThrow();
      return { all: Number(row.all), done: Number(row.done) };
    },

    /** Forgets what the upload replaced (after its written chunks were put back: the next attempt keeps them anew). */
    forgetBackups: (partnerId: number, uploadId: number) =>
      db.deleteFrom('price_upload_backups').where('partner_id', '=', partnerId).where('upload_id', '=', uploadId).execute(),

    /** Forgets every loaded row of the target (the reset of §7 dropexcel). */
    reset: (partnerId: number, t: UploadTarget) => clear(db, partnerId, t, sql`true`),

    /** Sets the validity of the target's loaded prices. */
    prolong: async (partnerId: number, t: UploadTarget, validUntil: Date | null) => {
      if (!holdsForAPeriod(t.kind)) throw new Error(`${t.kind} rows have no validity to prolong`);
      const { table, where } = current(partnerId, t);
      await sql`update ${table} x set valid_until = ${validUntil} where ${where}`.execute(db);
    },
  };
}

/**
 * A price list's loaded rows are written by uploads alone, each carrying its upload's id: those an upload wrote are
 * found by it. A client's prices are typed on its page too (over an uploaded one, whose upload id goes), and remains
 * and multiplicities share a row per product: their uploads note the products that had none in the backups.
 */
const ownsItsRows = (kind: UploadKind) => kind === 'PRICE';

/** Prices (a list's, a client's) hold for a period and can be prolonged; remains and multiplicities have no term. */
export const holdsForAPeriod = (kind: UploadKind) => kind === 'PRICE' || kind === 'PERSONAL';

/** The target's loaded rows: the table and the condition on alias x. */
function current(partnerId: number, t: UploadTarget) {
  switch (t.kind) {
    case 'PRICE':
      return { table: sql`price_list_products`, where: sql`x.partner_id = ${partnerId} and x.price_list_id = ${t.listId}` };
    case 'PERSONAL':
      // Point prices typed on the client's page belong to the same set: a replacing file replaces them too.
      return { table: sql`client_prices`, where: sql`x.partner_id = ${partnerId} and x.client_id = ${t.clientId}` };
    case 'REMAIN':
      return { table: sql`partner_product_remains`, where: sql`x.partner_id = ${partnerId} and x.quantity is not null` };
    case 'MULTIPLICITY':
      return { table: sql`partner_product_remains`, where: sql`x.partner_id = ${partnerId} and x.multiplicity is not null` };
  }
}

function keptColumns(kind: UploadKind) {
  const none = sql`null`;
  switch (kind) {
    case 'PRICE':
      return { sitePrice: sql`x.site_price`, percent: sql`x.percent`, quantity: none, multiplicity: none, validUntil: sql`x.valid_until` };
    case 'PERSONAL':
      return { sitePrice: sql`x.price`, percent: none, quantity: none, multiplicity: none, validUntil: sql`x.valid_until` };
    case 'REMAIN':
      return { sitePrice: none, percent: none, quantity: sql`x.quantity`, multiplicity: none, validUntil: none };
    case 'MULTIPLICITY':
      return { sitePrice: none, percent: none, quantity: none, multiplicity: sql`x.multiplicity`, validUntil: none };
  }
}

/**
 * Moves the target's loaded rows in `scope` into the upload's backups (what a rollback puts back): price rows go in one
 * statement that deletes them and keeps what it deleted; remains and multiplicities share rows, whose column is kept
 * and then emptied.
 */
async function backUpAndClear(db: Db, partnerId: number, uploadId: number, t: UploadTarget, scope: ReturnType<typeof sql>) {
  const { table, where } = current(partnerId, t);
  const kept = keptColumns(t.kind);
  const backUp = (source: ReturnType<typeof sql>) => sql`insert into price_upload_backups (partner_id, upload_id, product_id, existed,
      site_price, percent, quantity, multiplicity, previous_upload_id, valid_until)
    select ${partnerId}, ${uploadId}, x.product_id, true, ${kept.sitePrice}, ${kept.percent}, ${kept.quantity}, ${kept.multiplicity},
      x.upload_id, ${kept.validUntil}
    from ${source}`;
  if (t.kind === 'PRICE' || t.kind === 'PERSONAL') {
    await sql`with gone as (delete from ${table} x where ${where} and ${scope} returning x.*) ${backUp(sql`gone x`)}`.execute(db);
    return;
  }
  await backUp(sql`${table} x where ${where} and ${scope}`).execute(db);
  await clear(db, partnerId, t, scope);
}

/** Removes the target's loaded rows in `scope` (remains and multiplicities share rows: only their column is emptied). */
async function clear(db: Db, partnerId: number, t: UploadTarget, scope: ReturnType<typeof sql>) {
  const { table, where } = current(partnerId, t);
  if (t.kind === 'REMAIN') await sql`update partner_product_remains x set quantity = null where ${where} and ${scope}`.execute(db);
  else if (t.kind === 'MULTIPLICITY') await sql`update partner_product_remains x set multiplicity = null where ${where} and ${scope}`.execute(db);
  else await sql`delete from ${table} x where ${where} and ${scope}`.execute(db);
}

async function write(
  db: Db,
  partnerId: number,
  uploadId: number,
  t: UploadTarget,
  validUntil: Date | null,
  lines: ReturnType<typeof sql>,
): Promise<number> {
  const goodRows = () =>
    sql`from price_upload_rows r where r.partner_id = ${partnerId} and r.upload_id = ${uploadId} and r.error is null and ${lines}`;
  let result;
  switch (t.kind) {
    case 'PRICE':
      // A line without a price and a percent takes the product's loaded price away.
      result = await sql`insert into price_list_products (partner_id, price_list_id, product_id, site_price, percent, upload_id, valid_until)
        select ${partnerId}, ${t.listId}, r.product_id, r.site_price, r.percent, ${uploadId}, ${validUntil}
        ${goodRows()} and (r.site_price is not null or r.percent is not null)`.execute(db);
      break;
    case 'PERSONAL':
      result = await sql`insert into client_prices (partner_id, client_id, product_id, price, upload_id, valid_until)
        select ${partnerId}, ${t.clientId}, r.product_id, r.site_price, ${uploadId}, ${validUntil}
        ${goodRows()}`.execute(db);
      break;
    case 'REMAIN':
      result = await sql`insert into partner_product_remains (partner_id, product_id, quantity, upload_id)
        select ${partnerId}, r.product_id, r.quantity, ${uploadId} ${goodRows()}
        on conflict (partner_id, product_id) do update set quantity = excluded.quantity, upload_id = excluded.upload_id`.execute(db);
      break;
    case 'MULTIPLICITY':
      result = await sql`insert into partner_product_remains (partner_id, product_id, multiplicity, upload_id)
        select ${partnerId}, r.product_id, r.multiplicity, ${uploadId} ${goodRows()}
        on conflict (partner_id, product_id) do update set multiplicity = excluded.multiplicity, upload_id = excluded.upload_id`.execute(db);
      break;
  }
  return Number(result.numAffectedRows ?? 0n);
}

async function restore(db: Db, partnerId: number, uploadId: number, t: UploadTarget, inRange: ReturnType<typeof sql>) {
  const backups = sql`from price_upload_backups b where b.partner_id = ${partnerId} and b.upload_id = ${uploadId} and b.existed and ${inRange}`;
  switch (t.kind) {
    case 'PRICE':
      await sql`insert into price_list_products (partner_id, price_list_id, product_id, site_price, percent, upload_id, valid_until)
        select ${partnerId}, ${t.listId}, b.product_id, b.site_price, b.percent, b.previous_upload_id, b.valid_until ${backups}`.execute(db);
      break;
    case 'PERSONAL':
      await sql`insert into client_prices (partner_id, client_id, product_id, price, upload_id, valid_until)
        select ${partnerId}, ${t.clientId}, b.product_id, b.site_price, b.previous_upload_id, b.valid_until ${backups}`.execute(db);
      break;
    case 'REMAIN':
      await sql`update partner_product_remains x set quantity = b.quantity, upload_id = b.previous_upload_id
        ${backups} and x.partner_id = b.partner_id and x.product_id = b.product_id`.execute(db);
      break;
    case 'MULTIPLICITY':
      await sql`update partner_product_remains x set multiplicity = b.multiplicity, upload_id = b.previous_upload_id
        ${backups} and x.partner_id = b.partner_id and x.product_id = b.product_id`.execute(db);
      break;
  }
}
