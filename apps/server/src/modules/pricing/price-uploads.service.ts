import type { z } from 'zod';
import { DEFAULTS, LIMITS } from '@b2b/contracts/limits';
import { MSG } from '@b2b/contracts/messages';
import {
  PRICING_MSG,
  PROLONG_PERIODS,
  type PriceKind,
  type PriceUpload,
  type PricingStatus,
  type UploadPart,
  type UploadPreview,
  type uploadActionBody,
  type uploadListQuery,
} from '@b2b/contracts/pricing';
import type { Db } from '@/db/database';
import type { PriceUploadsTable } from '@/db/schema';
import { KIND_MIME, spreadsheetKind } from '@/files/file-sniff';
import { fileDownloadUrl, type FileStore } from '@/files/file-store';
import { readSpreadsheet, SpreadsheetError } from '@/files/spreadsheet-reader';
import type { AuthUser } from '@/http/auth-context';
import { notFound } from '@/http/app-error';
import { failed, ok, toSeconds, yn } from '@/http/envelope';
import type { UploadedFile } from '@/http/form-body';
import { moscowDayRange } from '@/http/moscow-days';
import type { JobQueue } from '@/jobs/job-queue';
import type { Selectable } from 'kysely';
import type { PriceEngine } from './price-engine.service';
import type { UploadKind } from './price-file-rows';
import { holdsForAPeriod, priceUploadsRepo, type UploadTarget } from './price-uploads.repo';
import { pricingTarget } from './pricing-target';
import type { YmlService } from './yml.service';

/*
 * Price files as durable jobs (issue 12.5–6): an upload is saved and queued; the job `pricing.parse` reads it into
 * staged lines and a preview (the catalogue part); the user confirms; the job `pricing.apply` writes it in one
 * transaction (the price part). A file with an error in any line changes nothing. The latest applied upload can be
 * rolled back. Jobs: price-upload-jobs.ts.
 */

export type Staff = AuthUser & { partnerId: number };
type Where = { type: PriceKind; priceId: number | string; part?: UploadPart };
type Upload = Selectable<PriceUploadsTable>;

/** The lines in error an answer shows (all of them are in the downloadable file). */
const ERRORS_SHOWN = 50;
const DAY_MS = 24 * 3600_000;

/** Loaded prices hold for `periodDays` from now (null: termless). */
export const validUntil = (periodDays: number | null, from = new Date()): Date | null =>
  periodDays ? new Date(from.getTime() + periodDays * DAY_MS) : null;

export function priceUploadsService(db: Db, deps: { engine: PriceEngine; jobs: JobQueue; files: FileStore; yml: YmlService }) {
  const repo = priceUploadsRepo(db);

  /** The upload target a page's path names (404 for anything not the partner's). */
  async function targetOf(partnerId: number, where: Where): Promise<UploadTarget> {
    const t = await pricingTarget(deps.engine, partnerId, where.type, where.priceId);
    if (where.part === 'remain' || where.part === 'multiplicity') {
      if (where.type !== 'pricelist' || where.priceId !== DEFAULTS.basePriceListId) throw notFound(MSG.notFound);
      return { kind: where.part === 'remain' ? 'REMAIN' : 'MULTIPLICITY', listId: t.listId, clientId: null };
    }
    if (t.type === 'client') return { kind: 'PERSONAL', listId: null, clientId: t.clientId };
    return { kind: 'PRICE', listId: t.listId, clientId: null };
  }

  async function view(partnerId: number, u: Upload): Promise<PriceUpload> {
    const errors = u.error_count > 0 ? await repo.errors(partnerId, u.id, ERRORS_SHOWN) : [];
    const fileErrors = (u.errors as string[]).map((e) => ({ LINE: 0, CODE: '', ERROR: e }));
    const latestApplied = u.applied_at && !u.rolled_back_at ? await repo.latest(partnerId, targetFromRow(u), { applied: true }) : undefined;
    return {
      ID: Number(u.id),
      type: u.kind as PriceUpload['type'],
      string_count: u.string_count,
      count: u.applied_count,
      date_upload: toSeconds(u.created_at)!,
      date_end: toSeconds(u.date_end),
      period: u.period_days,
      download: u.file_id ? fileDownloadUrl(u.file_id) : null,
      FILE_NAME: u.original_name ?? '',
      MODE: u.mode === 'KEEP' ? 'Y' : 'N',
      CATALOG: { STATUS: u.catalog_status },
      PRICE: { STATUS: u.price_status },
      PROGRESS: u.progress,
      ERROR_COUNT: u.error_count,
      ERRORS: [...fileErrors, ...errors.map((e) => ({ LINE: e.line, CODE: e.code ?? '', ERROR: e.error ?? '' }))],
      ERRORS_FILE: u.errors_file_id ? fileDownloadUrl(u.errors_file_id) : null,
      PREVIEW: (u.preview as UploadPreview | null) ?? null,
      APPLIED: yn(u.applied_at !== null),
      ROLLED_BACK: yn(u.rolled_back_at !== null),
      CAN_ROLLBACK: yn(latestApplied?.id === u.id && u.price_status !== 'ROLLING_BACK'),
      SOURCE: u.source,
    };
  }

  return {
    targetOf,

    /** Saves the file and queues its reading; one upload of a target at a time. */
    async upload(user: Staff, where: Where, file: UploadedFile | undefined, body: { keep: 'Y' | 'N'; period: number }) {
      const t = await targetOf(user.partnerId, where);
      if (!file) return failed({ error_upload_file: PRICING_MSG.priceUploadFailed });
      if (file.size > LIMITS.uploadMaxBytes) return failed({ error_upload_file: MSG.fileTooLarge });
      const kind = await spreadsheetKind(file.filename, file.path);
      if (kind === 'old-excel') return failed({ error_upload_file: MSG.spreadsheetOldExcel });
      if (!kind) return failed({ error_upload_file: MSG.fileFormatUnsupported });
      // A file the reader refuses (corrupt, a zip bomb, too many rows) is refused now, not after the job has started.
      try {
        for await (const first of readSpreadsheet(kind, file)) {
          void first;
          break;
        }
      } catch (err) {
        if (err instanceof SpreadsheetError) return failed({ error_upload_file: err.message });
        throw err;
      }
      return db.transaction().execute(async (trx) => {
        const r = priceUploadsRepo(trx);
        await r.lockTarget(user.partnerId, t);
        if (await r.busy(user.partnerId, t)) return failed({ error_upload_file: PRICING_MSG.uploadBusy });
        const stored = await deps.files.saveUpload(
          { partnerId: user.partnerId, purpose: 'price-upload', originalName: file.filename, mime: KIND_MIME[kind], createdBy: user.id },
          file,
          trx,
        );
        const row = await r.insert({
          partner_id: user.partnerId,
          kind: t.kind,
          price_list_id: t.listId,
          client_id: t.clientId,
          mode: body.keep === 'Y' ? 'KEEP' : 'REPLACE',
          file_id: stored.id,
          original_name: file.filename.slice(0, LIMITS.fileNameMax),
          period_days: body.period || null,
          status: 'QUEUED',
          price_status: 'QUEUED',
          errors: '[]',
          created_by: user.id,
        });
        const jobId = await deps.jobs.enqueue(
          trx,
          'pricing.parse',
          { partnerId: user.partnerId, uploadId: row.id, kind },
          { partnerId: user.partnerId, userId: user.id, maxAttempts: 3 },
        );
        await r.update(user.partnerId, row.id, { job_id: jobId });
        return ok({ UPLOAD_ID: Number(row.id) }, PRICING_MSG.uploadQueued);
      });
    },

    async status(partnerId: number, where: Where): Promise<PricingStatus> {
      const t = await targetOf(partnerId, where);
      // A rollback under way is what the target's status shows (and what the screen polls), even under a newer upload.
      const [latest, loaded, links] = await Promise.all([
        repo.rollingBack(partnerId, t).then(async (rolling) => rolling ?? (await repo.latest(partnerId, t))),
        repo.loaded(partnerId, t),
        t.kind === 'PRICE' || t.kind === 'PERSONAL' ? deps.yml.links(partnerId, t) : Promise.resolve([]),
      ]);
      const upload = latest ? await view(partnerId, latest) : null;
      return {
        CATALOG: { STATUS: upload?.CATALOG.STATUS ?? null },
        PRICE: { STATUS: upload?.PRICE.STATUS ?? null },
        UPLOAD: upload,
        LOADED: { COUNT: loaded.count, DATE_END: toSeconds(loaded.until) },
        PROLONG: holdsForAPeriod(t.kind) ? [...PROLONG_PERIODS] : [],
        YML: links,
      };
    },

    async history(partnerId: number, where: Where, q: z.output<typeof uploadListQuery>) {
      const t = await targetOf(partnerId, where);
      const { from, to } = moscowDayRange(q.date_start, q.date_end);
      const [rows, count] = await repo.history(partnerId, q.type ? { ...t, kind: q.type } : t, {
        from,
        to,
        sort: q.sort,
        desc: q.order.toLowerCase() === 'desc',
        limit: q.limit,
        offset: q.offset,
      });
      return { ITEMS: await Promise.all(rows.map((u) => view(partnerId, u))), NAV: { CNT: count, CNT_ALL: count } };
    },

    /** apply (queues the price part), cancel, rollback (the latest applied upload), prolong (the loaded prices). */
    async act(user: Staff, where: Where, body: z.output<typeof uploadActionBody>) {
      const t = await targetOf(user.partnerId, body.type ? { ...where, part: body.type } : where);
      return db.transaction().execute(async (trx) => {
        const r = priceUploadsRepo(trx);
        await r.lockTarget(user.partnerId, t);
        // A rollback under way puts the target's prices back chunk by chunk (the embedded database): nothing else
        // may change them meanwhile.
        const rollingBack = await r.rollingBack(user.partnerId, t);
        if (body.action === 'prolong') {
          if (!holdsForAPeriod(t.kind)) return failed({ type: PRICING_MSG.prolongNotForRemains });
          if (body.period === undefined) return failed({ period: MSG.badRequest });
          if (rollingBack) return failed({ upload: PRICING_MSG.uploadBusy });
          const until = validUntil(body.period || null);
          await r.prolong(user.partnerId, t, until);
          const applied = await r.latest(user.partnerId, t, { applied: true });
          if (applied) await r.update(user.partnerId, applied.id, { period_days: body.period || null, date_end: until });
          return ok({}, PRICING_MSG.prolonged);
        }
        const u = body.upload_id ? await r.lock(user.partnerId, body.upload_id) : await r.latest(user.partnerId, t);
        if (!u || !sameTarget(u, t)) throw notFound(MSG.notFound);
        if (body.action === 'apply' || body.action === 'cancel') {
          if (u.catalog_status !== 'FINISHED' || u.price_status !== 'WAITING') return failed({ upload: PRICING_MSG.uploadNotReady });
          if (rollingBack && body.action === 'apply') return failed({ upload: PRICING_MSG.uploadBusy });
          if (body.action === 'cancel') {
            await r.update(user.partnerId, u.id, { price_status: 'CANCELLED', status: 'CANCELLED' });
            await r.clearStaged(user.partnerId, u.id);
            return ok({}, PRICING_MSG.cancelled);
          }
          await r.update(user.partnerId, u.id, { price_status: 'QUEUED', status: 'APPLYING', progress: 0 });
          await deps.jobs.enqueue(
            trx,
            'pricing.apply',
            { partnerId: user.partnerId, uploadId: u.id },
            { partnerId: user.partnerId, userId: user.id, maxAttempts: 3 },
          );
          return ok({}, PRICING_MSG.applyQueued);
        }
        // rollback: only the latest applied upload of the target, and only once; a job puts the prices back (in
        // chunks on the embedded database, which answers other requests between them).
        const latest = await r.latest(user.partnerId, t, { applied: true });
        if (!latest || latest.id !== u.id) return failed({ upload: PRICING_MSG.rollbackOnlyLatest });
        if (rollingBack) return failed({ upload: PRICING_MSG.uploadBusy });
        await r.update(user.partnerId, u.id, { price_status: 'ROLLING_BACK', progress: 0, errors: '[]' });
        await deps.jobs.enqueue(
          trx,
          'pricing.rollback',
          { partnerId: user.partnerId, uploadId: u.id },
          { partnerId: user.partnerId, userId: user.id, maxAttempts: 3 },
        );
        return ok({}, PRICING_MSG.rollbackQueued);
      });
    },

    /** Forgets the loaded prices (remains, multiplicities) of the target (§7 dropexcel). */
    async reset(partnerId: number, where: Where) {
      const t = await targetOf(partnerId, where);
      return db.transaction().execute(async (trx) => {
        const r = priceUploadsRepo(trx);
        await r.lockTarget(partnerId, t);
        if (await r.rollingBack(partnerId, t)) return failed({ upload: PRICING_MSG.uploadBusy });
        await r.reset(partnerId, t);
        return ok({}, PRICING_MSG.reset);
      });
    },
  };
}

export type PriceUploadsService = ReturnType<typeof priceUploadsService>;

export const targetFromRow = (u: Pick<Upload, 'kind' | 'price_list_id' | 'client_id'>): UploadTarget => ({
  kind: u.kind as UploadKind,
  listId: u.price_list_id === null ? null : Number(u.price_list_id),
  clientId: u.client_id === null ? null : Number(u.client_id),
});

const sameTarget = (u: Upload, t: UploadTarget) => {
  const o = targetFromRow(u);
  return o.kind === t.kind && o.listId === t.listId && o.clientId === t.clientId;
};
