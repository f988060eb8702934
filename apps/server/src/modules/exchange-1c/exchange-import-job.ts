import { createReadStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { EXCHANGE_1C_MSG } from '@b2b/contracts/exchange-1c';
import type { Db } from '@/db/database';
import { StoreUnavailable, type BlobStore } from '@/files/blob-store';
import { JobInterrupted, type JobQueue } from '@/jobs/job-queue';
import { XmlRefused } from '@/files/xml-reader';
import { AppError } from '@/http/app-error';
import { applyCatalog } from './apply-catalog';
import { applyOffers } from './apply-offers';
import { applyOrders, type ApplyOrdersDeps } from './apply-orders';
import { readCatalog } from './commerceml/read-catalog';
import { readOffers } from './commerceml/read-offers';
import { readOrderDocuments } from './commerceml/read-orders';
import { ExchangeRefusal, prepareImport, scratchFolder } from './exchange-files';
import { exchangeRunsRepo } from './exchange-runs.repo';

/*
 * The durable job `exchange1c.import` {partnerId, runId}: one file of an exchange session (import.xml, offers.xml,
 * prices/rests, 1C's orders document) read as a stream and applied by its applier, which writes its progress and
 * counts through the run's RunReport. Any host runs it: the session's files are joined from the file store into a
 * scratch folder of the host (its zips unpacked there, every time), read, and the folder removed. A refusal (a Russian message) ends the run as FAILURE at once; anything else
 * is retried, and the last attempt's failure is recorded. A job cut by a restart runs again from a zeroed run (the
 * appliers resume their price uploads from the run's upload_ids: never applied twice or half); meanwhile 1C polling
 * the import reads the run, still RUNNING: `progress`.
 */

export const EXCHANGE_IMPORT_JOB = 'exchange1c.import';

export type ImportKind = 'catalog' | 'offers' | 'orders';

/** Which applier a file goes to, by its name as 1C gives it (import0_1.xml, offers0_1.xml, prices___….xml…). */
export function importKind(type: 'catalog' | 'sale', name: string): ImportKind | undefined {
  const base = path.posix.basename(name).toLowerCase();
  if (!base.endsWith('.xml')) return undefined;
  if (type === 'sale') return 'orders';
  if (base.startsWith('import')) return 'catalog';
  if (/^(offers|prices|rests)/.test(base)) return 'offers';
  return undefined;
}

export interface ApplyDeps {
  /** Pricing's uploads staged from rows and applied by its own path, as an Excel file's (wired in app.ts). */
  uploads: Parameters<typeof applyOffers>[1]['uploads'];
  /** The orders' own actions (apply-orders.ts). */
  orders: ApplyOrdersDeps;
}

const DONE_TEXT: Record<ImportKind, string> = {
  catalog: 'Каталог загружен',
  offers: 'Цены и остатки загружены',
  orders: 'Статусы заказов загружены',
};

/** A refusal with its Russian reason (the readers' and appliers' errors carry one), else undefined. */
function reasonOf(err: unknown): string | undefined {
  // The store not answering is no refusal of the file: the job is tried again.
  if (err instanceof StoreUnavailable) return undefined;
  if (err instanceof ExchangeRefusal || err instanceof AppError || err instanceof XmlRefused) return err.message;
  if (err instanceof Error && /[А-Яа-яЁё]/.test(err.message)) return err.message;
  return undefined;
}

export function registerExchangeImportJob(db: Db, deps: { jobs: JobQueue; blobs: BlobStore; dataDir: string; apply: ApplyDeps }) {
  const runs = exchangeRunsRepo(db);

  deps.jobs.register(EXCHANGE_IMPORT_JOB, async (payload, ctx) => {
    const { partnerId, runId } = payload as { partnerId: number; runId: number };
    const run = await runs.find(partnerId, runId);
    if (!run || run.status !== 'RUNNING' || !run.filename || run.session_id === null) return { skipped: true };
    const kind = importKind(run.type, run.filename);
    if (!kind) {
      await runs.succeed(partnerId, runId, DONE_TEXT.catalog);
      return { skipped: true };
    }
    await runs.startAttempt(partnerId, runId, ctx.attempt > 1 ? EXCHANGE_1C_MSG.importInterrupted : EXCHANGE_1C_MSG.importStarted);
    const report = runs.report(partnerId, runId);
    const scratch = await scratchFolder(deps.dataDir);
    let input: ReturnType<typeof createReadStream> | undefined;
    try {
      input = createReadStream(await prepareImport(deps.blobs, partnerId, Number(run.session_id), run.filename, scratch));
      if (kind === 'catalog') await applyCatalog(db, { partnerId, runId, products: readCatalog(input), report });
      else if (kind === 'offers') {
        const { header, offers } = await readOffers(input);
        await applyOffers(db, { uploads: deps.apply.uploads, ctx }, { partnerId, runId, header, offers, report, fileName: run.filename });
      } else await applyOrders(db, deps.apply.orders, { partnerId, runId, documents: readOrderDocuments(input), report });
    } catch (err) {
      if (err instanceof JobInterrupted) throw err;
      const reason = reasonOf(err);
      if (reason === undefined && !ctx.final) throw err;
      const told = reason ?? (err instanceof StoreUnavailable ? err.message : EXCHANGE_1C_MSG.importFailed);
      await runs.fail(partnerId, runId, told);
      return { failed: told };
    } finally {
      input?.destroy();
      await fs.rm(scratch, { recursive: true, force: true });
    }
    await runs.succeed(partnerId, runId, DONE_TEXT[kind]);
    return { done: true };
  });
}
