import { PRICING_MSG } from '@b2b/contracts/pricing';
import type { Db } from '@/db/database';
import type { FileStore } from '@/files/file-store';
import { readAhead } from '@/files/read-ahead';
import { readSpreadsheet, SpreadsheetError } from '@/files/spreadsheet-reader';
import type { SpreadsheetKind } from '@/files/sheet-types';
import { XLSX_MIME } from '@/files/file-store';
import { writeXlsxTable } from '@/files/xlsx-table-writer';
import { JobInterrupted, type JobContext, type JobQueue } from '@/jobs/job-queue';
import { priceEngine, type PriceEngine } from './price-engine.service';
import { headerColumns, stageRow, templateColumns, type Columns, type StagedRow } from './price-file-rows';
import { appliedCount, pageChanges, previewCounter, type ChangeSource } from './price-upload-preview';
import { priceUploadsRepo, type LineChunk, type UploadTarget } from './price-uploads.repo';
import { targetFromRow, validUntil } from './price-uploads.service';

/*
 * The jobs of a price file. `pricing.parse` (the catalogue part): reads the stored file batch by batch into
 * staged lines (each batch one short insert, so the embedded database keeps answering), names every line in error
 * and previews each batch while the worker reads the next. `pricing.apply` (the price part) writes the lines and
 * keeps what they replace: on PostgreSQL in one transaction; on the embedded database, whose one connection a long
 * transaction would hold, in chunks that each record how far they got. A failed attempt puts its written chunks
 * back; a crash leaves them, and the restarted job (at once: the embedded database has one process) goes on after
 * them. Never half for good.
 * `pricing.rollback` takes away what an applied upload wrote and puts back what it replaced, the same way (one
 * transaction, or chunks).
 */

/** Batches of read lines (1,000 each) between two progress updates. */
const PROGRESS_EVERY = 5;
/** Lines priced at once when an apply in one transaction counts what it changes. */
const COUNT_PAGE = 2_000;

async function readAll(stream: NodeJS.ReadableStream): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/**
 * Runs `step` in a transaction of its own until it answers anything but `{ more: true }` (one chunk of an apply or a
 * rollback each time): other requests take the connection between two chunks, and a stopping server interrupts the
 * job there (it goes on after the last chunk written when it starts again).
 */
async function inChunks<R extends object>(db: Db, ctx: JobContext, step: (trx: Db) => Promise<R | { more: true }>): Promise<R> {
  for (;;) {
    const done = await db.transaction().execute(step);
    if (!('more' in done)) return done as R;
    if (ctx.stopping()) throw new JobInterrupted();
    await new Promise((resolve) => setImmediate(resolve));
  }
}

/**
 * The price part of an upload (its apply, resumable after a crash, and the undo of a failed attempt's chunks): used
 * by the job `pricing.apply` and by whoever stages rows of its own and applies them within its own job (the 1C
 * exchange, price-upload-from-rows.ts).
 */
export function priceUploadApplier(db: Db, deps: { engine: PriceEngine; applyChunk?: number }) {
  const repo = priceUploadsRepo(db);

  /**
   * What a file's lines are compared with, read through `conn` (the apply's transaction): the engine with the
   * target's chain as of now, or the partner's remains and multiplicities.
   */
  async function changeSource(conn: Db, partnerId: number, t: UploadTarget): Promise<ChangeSource> {
    const engine = conn === db ? deps.engine : priceEngine(conn);
    const resolved =
      t.kind === 'PERSONAL'
        ? await engine.resolve(partnerId, { clientId: t.clientId! })
        : t.kind === 'PRICE'
          ? await engine.resolve(partnerId, { listId: t.listId! })
          : undefined;
    const r = conn === db ? repo : priceUploadsRepo(conn);
    return { engine, resolved, currentValues: (kind, ids) => r.currentValues(partnerId, kind, ids) };
  }

  /**
   * How many of the lines change what the client pays (or the value), counted as the preview counts them, in the
   * apply's transaction just before they are written: what this apply changes («Применено», issue 38.3). Lines that
   * leave the loaded price as it is are not priced (a downloaded file with a few prices changed prices a few).
   */
  async function changedBy(trx: Db, partnerId: number, uploadId: number, t: UploadTarget, lines: LineChunk | 'all'): Promise<number> {
    const r = priceUploadsRepo(trx);
    let source: ChangeSource | undefined;
    const count = async (chunk: LineChunk) => {
      const staged = await r.stagedValues(partnerId, uploadId, chunk, t);
      if (!staged.length) return 0;
      source ??= await changeSource(trx, partnerId, t);
      return appliedCount(await pageChanges(source, partnerId, t.kind, staged));
    };
    if (lines !== 'all') return count(lines);
    let changed = 0;
    for (let chunk = await r.chunk(partnerId, uploadId, 0, COUNT_PAGE); chunk; chunk = await r.chunk(partnerId, uploadId, chunk.upTo, COUNT_PAGE)) {
      changed += await count(chunk);
    }
    return changed;
  }

  /**
   * Applies the upload chunk by chunk (deps.applyChunk lines each, every chunk its own transaction that records how
   * far it got), or whole in one transaction when no chunk size is set. Resumes after the last chunk written.
   */
  async function apply(partnerId: number, uploadId: number, ctx: JobContext) {
    if (deps.applyChunk) {
      const upload = await repo.find(partnerId, uploadId);
      if (upload) await repo.analyze(partnerId, targetFromRow(upload), { vacuum: true });
    }
    return inChunks(db, ctx, async (trx) => {
      const r = priceUploadsRepo(trx);
      const upload = await r.lock(partnerId, uploadId);
      if (!upload || !['QUEUED', 'PROCESSING'].includes(upload.price_status)) return { skipped: true } as const;
      const t = targetFromRow(upload);
      await r.lockTarget(partnerId, t);
      const until = validUntil(upload.period_days);
      let count = upload.applied_count;
      if (deps.applyChunk) {
        // The target's statistics follow it as it grows: after the first chunk, the second, the fourth… (a few ms
        // each, a handful per file), as PostgreSQL's autovacuum would, which the embedded database has not.
        const done = Math.floor(Math.max(0, (upload.applied_line ?? 1) - 1) / deps.applyChunk); // chunks written (lines from 2)
        if (done > 0 && (done & (done - 1)) === 0) await r.analyzeTarget(partnerId, t);
        const chunk = await r.chunk(partnerId, uploadId, upload.applied_line ?? 0, deps.applyChunk);
        if (chunk) {
          count += await changedBy(trx, partnerId, uploadId, t, chunk);
          await r.applyLines(partnerId, uploadId, t, chunk, until);
          const progress = Math.min(99, Math.floor((100 * chunk.upTo) / Math.max(1, upload.string_count + 1)));
          await r.update(partnerId, uploadId, { price_status: 'PROCESSING', applied_line: chunk.upTo, applied_count: count, progress });
          return { more: true } as const;
        }
      } else {
        count += await changedBy(trx, partnerId, uploadId, t, 'all');
        await r.applyLines(partnerId, uploadId, t, 'all', until);
      }
      if (upload.mode === 'REPLACE') {
        count += await r.removedCount(partnerId, uploadId, t);
        await r.clearUnnamed(partnerId, uploadId, t);
      }
      await r.update(partnerId, uploadId, {
        price_status: 'FINISHED',
        status: 'APPLIED',
        applied_at: new Date(),
        applied_count: count,
        applied_line: null,
        progress: 100,
        date_end: until,
      });
      return { applied: count } as const;
    });
  }

  /**
   * An attempt failed: the chunks it wrote are put back from their backups (the next attempt starts afresh). A crash
   * leaves them: the restarted job goes on after them.
   */
  async function undoChunks(partnerId: number, uploadId: number) {
    await db.transaction().execute(async (trx) => {
      const r = priceUploadsRepo(trx);
      const upload = await r.lock(partnerId, uploadId);
      if (!upload || upload.applied_line === null) return;
      const t = targetFromRow(upload);
      await r.lockTarget(partnerId, t);
      await r.rollback(partnerId, uploadId, t);
      await r.forgetBackups(partnerId, uploadId);
      await r.update(partnerId, uploadId, { price_status: 'QUEUED', applied_line: null, applied_count: 0, progress: 0 });
    });
  }

  return { changeSource, apply, undoChunks };
}

export function registerPriceUploadJobs(
  db: Db,
  deps: {
    jobs: JobQueue;
    files: FileStore;
    engine: PriceEngine;
    /** Lines applied per transaction (the embedded database: other requests answer between chunks); unset: all at once. */
    applyChunk?: number;
  },
) {
  const repo = priceUploadsRepo(db);
  const { changeSource, apply, undoChunks } = priceUploadApplier(db, deps);

  /**
   * Reads the file into staged lines, batch by batch: each batch's codes are looked up, then its insert and its
   * preview run while the worker parses the next batch and its codes are looked up. Once a line is in error the
   * file will be refused, and the preview stops.
   */
  async function stageFile(partnerId: number, uploadId: number, t: UploadTarget, fileKind: SpreadsheetKind, data: Buffer, ctx: JobContext) {
    const seen = new Set<string>();
    const preview = await filePreview(partnerId, t);
    let columns: Columns | undefined;
    let lines = 0;
    let good = 0;
    let errors = 0;
    let batches = 0;
    // One insert and one preview at a time in flight; a failed one is thrown when awaited (a handler at once: never
    // unhandled in between).
    let staging: Promise<void> = Promise.resolve();
    let previewing: Promise<void> = Promise.resolve();
    try {
      for await (const batch of readAhead(readSpreadsheet(fileKind, data))) {
        const rows: StagedRow[] = [];
        for (const row of batch) {
          if (!columns) {
            columns = headerColumns(t.kind, row);
            if (columns) continue;
            columns = templateColumns(t.kind);
          }
          const s = stageRow(t.kind, columns, row);
          if (!s) continue;
          // A code met again is refused on its later line, whatever the earlier line said.
          if (!s.error && seen.has(s.code)) rows.push({ ...s, error: PRICING_MSG.row.duplicate });
          else {
            if (!s.error) seen.add(s.code);
            rows.push(s);
          }
        }
        const ids = await repo.productIdsByCode(rows.filter((r) => !r.error).map((r) => r.code));
        for (const r of rows) {
          if (r.error) continue;
          r.productId = ids.get(r.code) ?? null;
          if (r.productId === null) r.error = PRICING_MSG.row.unknownProduct;
          else good++;
        }
        await staging;
        staging = repo.stage(partnerId, uploadId, rows);
        staging.catch(() => undefined);
        lines += rows.length;
        errors = lines - good;
        // The batch's preview runs while the next batch is read and looked up (one at a time: the counts are shared).
        if (!errors) {
          await previewing;
          previewing = preview.add(rows);
          previewing.catch(() => undefined);
        }
        // The number of lines is known only at the end: the bar creeps towards 95 %.
        if (++batches % PROGRESS_EVERY === 0) {
          const progress = Math.floor(95 * (lines / (lines + 20_000)));
          await repo.update(partnerId, uploadId, { string_count: lines, progress });
          await ctx.progress(progress);
        }
      }
    } finally {
      // However the reading ends, nothing is still being written (a refused file's lines are cleared after this).
      await Promise.allSettled([staging, previewing]);
    }
    await staging;
    await previewing;
    await repo.update(partnerId, uploadId, { string_count: lines });
    return { lines, errors, preview };
  }

  async function writeErrorsFile(partnerId: number, uploadId: number, name: string, createdBy: number | null) {
    return deps.files.create(
      {
        partnerId,
        purpose: 'price-upload-errors',
        originalName: `Ошибки ${name}`.replace(/\.(csv|xlsx)$/i, '') + '.xlsx',
        mime: XLSX_MIME,
        createdBy,
      },
      (path) =>
        writeXlsxTable(
          path,
          {
            name: 'Ошибки',
            setup: (sheet) => {
              sheet.columns = [
                { header: 'Строка', width: 10 },
                { header: 'Код товара', width: 14 },
                { header: 'Ошибка', width: 80 },
              ];
              sheet.getRow(1).commit();
            },
            row: (e: { line: number; code: string | null; error: string | null }) => [e.line, e.code ?? '', e.error ?? ''],
          },
          (async function* () {
            yield await repo.errors(partnerId, uploadId, 1_000_000);
          })(),
        ),
      db,
    );
  }

  /** The preview of a file (issues 12.6, 38.3), taken page by page of staged lines. */
  async function filePreview(partnerId: number, t: UploadTarget) {
    const counter = previewCounter();
    const source = await changeSource(db, partnerId, t);
    return {
      async add(page: StagedRow[]) {
        if (!page.length) return;
        const staged = page.map((r) => ({
          productId: r.productId!,
          sitePrice: r.sitePrice,
          percent: r.percent,
          quantity: r.quantity,
          multiplicity: r.multiplicity,
        }));
        for (const change of await pageChanges(source, partnerId, t.kind, staged)) counter.add(change);
      },
      async result(uploadId: number, replace: boolean) {
        if (replace) counter.removed(await repo.removedCount(partnerId, uploadId, t));
        return counter.result(await repo.productNames(counter.topIds()));
      },
    };
  }

  deps.jobs.register('pricing.parse', async (payload, ctx) => {
    const { partnerId, uploadId } = payload as { partnerId: number; uploadId: number };
    try {
      return await parse(payload as { partnerId: number; uploadId: number; kind: SpreadsheetKind }, ctx);
    } catch (err) {
      // The last attempt failed: the upload says so (and frees its target) rather than stay "in progress".
      if (ctx.final) await markFailed(partnerId, uploadId, 'catalog');
      throw err;
    }
  });

  async function markFailed(partnerId: number, uploadId: number, part: 'catalog' | 'price') {
    await repo.update(partnerId, uploadId, {
      ...(part === 'catalog' ? { catalog_status: 'ERROR_FILE' as const } : {}),
      price_status: part === 'catalog' ? 'CANCELLED' : 'ERROR_DATA',
      status: 'FAILED',
      errors: JSON.stringify([PRICING_MSG.priceUploadFailed]),
    });
  }

  async function parse({ partnerId, uploadId, kind: fileKind }: { partnerId: number; uploadId: number; kind: SpreadsheetKind }, ctx: JobContext) {
    const upload = await repo.find(partnerId, uploadId);
    if (!upload || !['QUEUED', 'PROCESSING'].includes(upload.catalog_status)) return { skipped: true };
    const t = targetFromRow(upload);
    await repo.update(partnerId, uploadId, { catalog_status: 'PROCESSING', status: 'PROCESSING', progress: 0 });
    await repo.clearStaged(partnerId, uploadId);
    // The job's result is stored as JSON: it says what happened, never the database's answer.
    const fail = async (status: 'ERROR_FILE' | 'ERROR_DATA', extra: object = {}) => {
      await repo.update(partnerId, uploadId, { catalog_status: status, price_status: 'CANCELLED', status, progress: 100, ...extra });
      return { refused: status };
    };
    const stored = upload.file_id ? await deps.files.open(partnerId, upload.file_id) : undefined;
    if (!stored) return fail('ERROR_FILE', { errors: JSON.stringify([PRICING_MSG.priceUploadFailed]) });
    let counted: Awaited<ReturnType<typeof stageFile>>;
    try {
      counted = await stageFile(partnerId, uploadId, t, fileKind, await readAll(stored.stream()), ctx);
    } catch (err) {
      if (!(err instanceof SpreadsheetError)) throw err;
      await repo.clearStaged(partnerId, uploadId);
      return fail('ERROR_FILE', { errors: JSON.stringify([err.message]) });
    }
    if (counted.lines === 0) return fail('ERROR_FILE', { errors: JSON.stringify([PRICING_MSG.fileEmpty]) });
    if (counted.errors > 0) {
      const file = await writeErrorsFile(partnerId, uploadId, upload.original_name ?? 'файла', upload.created_by);
      return fail('ERROR_DATA', { error_count: counted.errors, errors_file_id: file.id });
    }
    const result = await counted.preview.result(uploadId, upload.mode === 'REPLACE');
    await repo.update(partnerId, uploadId, {
      catalog_status: 'FINISHED',
      price_status: 'WAITING',
      status: 'READY',
      progress: 100,
      preview: JSON.stringify(result),
    });
    return { lines: counted.lines };
  }

  deps.jobs.register('pricing.apply', async (payload, ctx) => {
    const { partnerId, uploadId } = payload as { partnerId: number; uploadId: number };
    try {
      return await apply(partnerId, uploadId, ctx);
    } catch (err) {
      // Stopped between two chunks: the next start goes on after the last one written.
      if (err instanceof JobInterrupted) throw err;
      // Until the next attempt the target keeps its prices as before the file; the last attempt's failure is shown.
      await undoChunks(partnerId, uploadId);
      if (ctx.final) await markFailed(partnerId, uploadId, 'price');
      throw err;
    }
  });

  deps.jobs.register('pricing.rollback', async (payload, ctx) => {
    const { partnerId, uploadId } = payload as { partnerId: number; uploadId: number };
    try {
      return await rollBack(partnerId, uploadId, ctx);
    } catch (err) {
      if (err instanceof JobInterrupted) throw err;
      // The products put back stay back (and the cursor says which): «Откатить» again goes on after them.
      if (ctx.final) await repo.update(partnerId, uploadId, { price_status: 'FINISHED', errors: JSON.stringify([PRICING_MSG.rollbackFailed]) });
      throw err;
    }
  });

  /**
   * Puts back the prices an applied upload replaced: in one transaction, or (deps.applyChunk set: the embedded
   * database) chunk by chunk, each its own transaction, so that other requests answer between chunks: first the price
   * list's rows the upload wrote go (found by its id: a restarted job finds those left), then the backed-up products
   * come back in ranges, each chunk recording the last product put back for a restarted job to go on after it.
   */
  async function rollBack(partnerId: number, uploadId: number, ctx: JobContext) {
    // Fresh statistics first: the backups were just written (PGlite has no autovacuum, PostgreSQL's may not have come
    // by yet), and with the target thought empty the planner reads the whole list for each product put back (156 s for
    // 100,000 lines on PostgreSQL). Chunked: the products already back (a restarted job) counted once for the progress.
    const upload = await repo.find(partnerId, uploadId);
    if (!upload || upload.price_status !== 'ROLLING_BACK') return { skipped: true };
    const target = targetFromRow(upload);
    await repo.analyze(partnerId, target, { vacuum: Boolean(deps.applyChunk) });
    let counted = { all: 0, done: 0 };
    if (deps.applyChunk) {
      const backedUp = await repo.backedUpCount(partnerId, uploadId, Number(upload.rolled_back_product ?? 0));
      counted = { all: backedUp.all + (await repo.writtenCount(partnerId, uploadId, target)), done: backedUp.done };
    }
    const progressed = (more: number) => {
      counted = { ...counted, done: counted.done + more };
      return Math.min(99, Math.floor((100 * counted.done) / Math.max(1, counted.all)));
    };
    const done = await inChunks(db, ctx, async (trx) => {
      const r = priceUploadsRepo(trx);
      const upload = await r.lock(partnerId, uploadId);
      if (!upload || upload.price_status !== 'ROLLING_BACK') return { skipped: true } as const;
      const t = targetFromRow(upload);
      await r.lockTarget(partnerId, t);
      if (deps.applyChunk) {
        const gone = await r.clearWritten(partnerId, uploadId, t, deps.applyChunk);
        if (gone) {
          await r.update(partnerId, uploadId, { progress: progressed(gone) });
          return { more: true } as const;
        }
        const range = await r.backedUpRange(partnerId, uploadId, Number(upload.rolled_back_product ?? 0), deps.applyChunk);
        if (range) {
          await r.rollback(partnerId, uploadId, t, range);
          await r.update(partnerId, uploadId, { rolled_back_product: range.upTo, progress: progressed(range.count) });
          return { more: true } as const;
        }
      } else await r.rollback(partnerId, uploadId, t);
      await r.update(partnerId, uploadId, {
        price_status: 'FINISHED',
        status: 'ROLLED_BACK',
        rolled_back_at: new Date(),
        rolled_back_product: null,
        progress: 100,
      });
      return { rolledBack: true } as const;
    });
    // The embedded database: the rows the rollback took away are cleared out at once (no autovacuum will). The
    // rollback is already done: a failed vacuum must not mark it failed (the periodic upkeep will come by).
    if (deps.applyChunk && 'rolledBack' in done) await repo.vacuum(partnerId, target).catch(() => undefined);
    return done;
  }
}
