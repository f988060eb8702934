import { sql } from 'kysely';
import { PRICING_MSG } from '@b2b/contracts/pricing';
import type { Db } from '@/db/database';
import { JobInterrupted, type JobContext, type JobQueue } from '@/jobs/job-queue';
import type { PriceEngine } from './price-engine.service';
import type { StagedRow } from './price-file-rows';
import { priceUploadApplier } from './price-upload-jobs';
import { priceUploadsRepo, type UploadTarget } from './price-uploads.repo';
import { targetFromRow } from './price-uploads.service';

/*
 * Price uploads of rows another module hands over instead of a file (the 1C exchange's offers.xml, issue 41): staged
 * as a file's lines are, then applied by the same apply as a confirmed file (chunked and resumable on the embedded
 * database, one transaction on PostgreSQL), without a preview step: the caller has checked its rows. They are in the
 * target's upload history with their source, and roll back as a file does.
 */

/** The price list (or column) or the remains a caller's rows go to. */
type RowsTarget = { kind: 'PRICE'; listId: number } | { kind: 'REMAIN' };

export function priceUploadFromRows(db: Db, deps: { engine: PriceEngine; applyChunk?: number; jobs?: JobQueue }) {
  const repo = priceUploadsRepo(db);
  const applier = priceUploadApplier(db, deps);

  return {
    /** Whether uploads apply in chunks (the embedded database), one at a time; else each in one transaction. */
    chunked: Boolean(deps.applyChunk),

    /** The upload target: a live list or column of the partner's, or its remains (on the base list); undefined if none. */
    async target(partnerId: number, t: RowsTarget): Promise<(UploadTarget & { name: string }) | undefined> {
      const list = await db
        .selectFrom('price_lists')
        .select(['id', 'name'])
        .where('partner_id', '=', partnerId)
        .where('deleted_at', 'is', null)
        .$if(t.kind === 'PRICE', (q) => q.where('id', '=', (t as { listId: number }).listId))
        .$if(t.kind === 'REMAIN', (q) => q.where('is_base', '=', true))
        .executeTakeFirst();
      return list ? { kind: t.kind, listId: Number(list.id), clientId: null, name: list.name } : undefined;
    },

    /** The uploads (source 1C) by id, as their rows. */
    find: (partnerId: number, ids: number[]) =>
      ids.length
        ? db.selectFrom('price_uploads').selectAll().where('partner_id', '=', partnerId).where('id', 'in', ids).orderBy('id').execute()
        : Promise.resolve([]),

    /** Whether another upload of the target is being read, applied or rolled back. */
    busy: async (partnerId: number, t: UploadTarget) => Boolean(await repo.busy(partnerId, t)),

    /**
     * A new upload of the target being staged (source 1C), unless another one of the target is in progress ('busy').
     * `created` runs in the same transaction (the caller records the upload, so that a restart finds it).
     */
    async open(
      partnerId: number,
      t: UploadTarget,
      opts: { name: string; replace: boolean; created: (uploadId: number, trx: Db) => Promise<void> },
    ): Promise<number | 'busy'> {
      return db.transaction().execute(async (trx) => {
        const r = priceUploadsRepo(trx);
        await r.lockTarget(partnerId, t);
        if (await r.busy(partnerId, t)) return 'busy' as const;
        const row = await r.insert({
          partner_id: partnerId,
          kind: t.kind,
          price_list_id: t.listId,
          client_id: null,
          mode: opts.replace ? 'REPLACE' : 'KEEP',
          original_name: opts.name,
          period_days: null,
          status: 'PROCESSING',
          catalog_status: 'PROCESSING',
          price_status: 'QUEUED',
          errors: '[]',
          source: '1C',
        });
        await opts.created(Number(row.id), trx);
        return Number(row.id);
      });
    },

    /** Stages a batch of rows (their products found; a row with an error is kept for the history and not applied). */
    stage: (partnerId: number, uploadId: number, rows: StagedRow[]) => repo.stage(partnerId, uploadId, rows),

    /** Staging starts again (a restarted job re-reads its file): what an earlier attempt staged goes. */
    async restage(partnerId: number, uploadId: number) {
      await repo.clearStaged(partnerId, uploadId);
      await repo.update(partnerId, uploadId, { catalog_status: 'PROCESSING', string_count: 0, error_count: 0 });
    },

    /**
     * Staging is done: the upload is ready to apply. A replacing upload keeps the loaded value of each product whose row
     * was refused (a refused row changes nothing: only the products the rows do not name at all go).
     */
    async staged(partnerId: number, uploadId: number, counts: { lines: number; errors: number }) {
      await db.transaction().execute(async (trx) => {
        const r = priceUploadsRepo(trx);
        const upload = await r.lock(partnerId, uploadId);
        if (!upload) return;
        if (upload.mode === 'REPLACE' && counts.errors) await keepRefused(trx, partnerId, upload);
        await r.update(partnerId, uploadId, {
          string_count: counts.lines,
          error_count: counts.errors,
          catalog_status: 'FINISHED',
          price_status: 'QUEUED',
          status: 'APPLYING',
          progress: 0,
        });
      });
    },

    /**
     * Applies a staged upload (or goes on with one a crash cut off). A failed attempt puts back the chunks it wrote;
     * `final`: the upload is marked failed too.
     */
    async apply(partnerId: number, uploadId: number, ctx: JobContext) {
      try {
        return await applier.apply(partnerId, uploadId, ctx);
      } catch (err) {
        if (err instanceof JobInterrupted) throw err;
        await applier.undoChunks(partnerId, uploadId);
        if (ctx.final)
          await repo.update(partnerId, uploadId, {
            price_status: 'ERROR_DATA',
            status: 'FAILED',
            errors: JSON.stringify([PRICING_MSG.priceUploadFailed]),
          });
        throw err;
      }
    },

    /**
     * Takes back an applied upload whose run failed for good (its other uploads could not be applied: the run is
     * applied whole or not at all), as «Откатить» does: the job `pricing.rollback` puts back what it replaced. Answers
     * whether it was queued (only the target's latest applied upload can be).
     */
    async rollBack(partnerId: number, uploadId: number): Promise<boolean> {
      if (!deps.jobs) return false;
      const jobs = deps.jobs;
      return db.transaction().execute(async (trx) => {
        const r = priceUploadsRepo(trx);
        const u = await r.lock(partnerId, uploadId);
        if (!u || !u.applied_at || u.rolled_back_at || u.price_status !== 'FINISHED') return false;
        const t = targetFromRow(u);
        await r.lockTarget(partnerId, t);
        if ((await r.latest(partnerId, t, { applied: true }))?.id !== u.id || (await r.rollingBack(partnerId, t))) return false;
        await r.update(partnerId, uploadId, { price_status: 'ROLLING_BACK', progress: 0, errors: '[]' });
        await jobs.enqueue(trx, 'pricing.rollback', { partnerId, uploadId }, { partnerId, maxAttempts: 3 });
        return true;
      });
    },

    /** An upload whose rows will not be applied (its run was refused): its target is free again. */
    async cancel(partnerId: number, uploadId: number) {
      await repo.clearStaged(partnerId, uploadId);
      await repo.update(partnerId, uploadId, { catalog_status: 'CANCELLED', price_status: 'CANCELLED', status: 'CANCELLED', progress: 100 });
    },
  };
}

/**
 * The products of refused rows keep their live loaded value through a replacing upload: a good line with that value is
 * staged after the upload's last line (a product with none keeps none).
 */
async function keepRefused(trx: Db, partnerId: number, upload: { id: number; kind: string; price_list_id: number | null }) {
  const refused = sql`select distinct r.product_id from price_upload_rows r where r.partner_id = ${partnerId} and r.upload_id = ${upload.id}
    and r.error is not null and r.product_id is not null and r.product_id not in (select g.product_id from price_upload_rows g
      where g.partner_id = ${partnerId} and g.upload_id = ${upload.id} and g.error is null)`;
  const last = sql`(select coalesce(max(line), 0) from price_upload_rows where partner_id = ${partnerId} and upload_id = ${upload.id})`;
  if (upload.kind === 'PRICE')
    await sql`insert into price_upload_rows (partner_id, upload_id, line, code, product_id, site_price, percent)
      select ${partnerId}, ${upload.id}, ${last} + row_number() over (order by x.product_id), p.up_code_1c, x.product_id, x.site_price, x.percent
      from price_list_products x join catalog_products p on p.id = x.product_id
      where x.partner_id = ${partnerId} and x.price_list_id = ${upload.price_list_id} and (x.valid_until is null or x.valid_until > now())
        and x.product_id in (${refused})`.execute(trx);
  else if (upload.kind === 'REMAIN')
    await sql`insert into price_upload_rows (partner_id, upload_id, line, code, product_id, quantity)
      select ${partnerId}, ${upload.id}, ${last} + row_number() over (order by x.product_id), p.up_code_1c, x.product_id, x.quantity
      from partner_product_remains x join catalog_products p on p.id = x.product_id
      where x.partner_id = ${partnerId} and x.quantity is not null and x.product_id in (${refused})`.execute(trx);
}

export type PriceUploadFromRows = ReturnType<typeof priceUploadFromRows>;
export type { StagedRow } from './price-file-rows';
export type { UploadTarget } from './price-uploads.repo';
