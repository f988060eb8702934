import { createHash, randomBytes } from 'node:crypto';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { EXCHANGE_1C_LIMITS, EXCHANGE_1C_MSG } from '@b2b/contracts/exchange-1c';
import { EXCHANGE_1C_PROTOCOL_MSG } from '@b2b/contracts/routes/exchange-1c-protocol';
import type { Db } from '@/db/database';
import { StoreUnavailable, type BlobStore } from '@/files/blob-store';
import type { JobQueue } from '@/jobs/job-queue';
// The sign-in limit's own table and counting (login_failures): auth exposes no reservation by a key of the caller's.
import { AppError } from '@/http/app-error';
import { encodeText, type ExchangeCharset } from './commerceml/windows-1251';
import {
  discardPart,
  dropPart,
  ExchangeRefusal,
  fileKind,
  fileTail,
  importedFileBytes,
  partKey,
  safeFileName,
  sessionFiles,
  sessionPrefix,
  spoolPart,
  storePart,
  type SpooledPart,
} from './exchange-files';
import { EXCHANGE_IMPORT_JOB, importKind, registerExchangeImportJob, type ApplyDeps } from './exchange-import-job';
import { exchangeSale } from './exchange-sale';
import { exchangeRunsRepo, type ExchangeRunsRepo } from './exchange-runs.repo';
import { exchangeSessionsRepo } from './exchange-sessions.repo';
import { purgeEndedSessions } from './exchange-session-purge';

/*
 * 1C:Enterprise's «Обмен с сайтом» (CommerceML 2 over HTTP), the site's side: checkauth → init → file (parts) →
 * import (polled) for the catalogue; query → success → file + import of the orders document for sales. Every answer
 * is text lines 1C reads (`success`, `progress`, `failure\n<reason>`), with HTTP 200 whatever happens.
 */

export const EXCHANGE_COOKIE = 'B2B_EXCHANGE_1C';
/** The CommerceML version the site speaks, told at init as Bitrix does. */
const SCHEMA_VERSION = '2.08';

export interface ExchangeCall {
  type: string | undefined;
  mode: string | undefined;
  filename: string | undefined;
  /** The session's cookie (or the `sessid` of the query). */
  token: string | undefined;
  authorization: string | undefined;
  address: string;
  charset: ExchangeCharset;
  /** The request's body (mode=file), not read yet, and its declared length when given. */
  body: Readable;
  declaredBytes: number | undefined;
}

export type ExchangeAnswer = { lines: string[] } | { xml: Buffer };

/** What the sale helper's service gives (exchange-sale.ts). */
export interface SaleService {
  saleQuery(partnerId: number, sessionId: number, charset: ExchangeCharset): Promise<{ body: Buffer; orders: number }>;
  saleSuccess(partnerId: number, sessionId: number): Promise<unknown>;
}

const tokenHash = (token: string) => createHash('sha256').update(token).digest('hex');
const lines = (...l: string[]): ExchangeAnswer => ({ lines: l });
const success = () => lines('success');
const failure = (reason: string) => lines('failure', reason);

const ROOT_END = '</КоммерческаяИнформация>';
const ROOT_ENDS = [Buffer.from(ROOT_END, 'utf8'), encodeText(ROOT_END, 'windows-1251')];

/** Whether a file's last bytes close CommerceML's root (in UTF-8 or windows-1251). */
const endsDocument = (tail: Buffer) => ROOT_ENDS.some((end) => tail.includes(end));

/** Login and password of a Basic authorization header (UTF-8), or undefined. */
function basicCredentials(header: string | undefined): { login: string; password: string } | undefined {
  const match = /^Basic\s+([A-Za-z0-9+/=_-]+)\s*$/i.exec(header ?? '');
  if (!match) return undefined;
  const text = Buffer.from(match[1], 'base64').toString('utf8');
  const colon = text.indexOf(':');
  if (colon <= 0) return undefined;
  const login = text.slice(0, colon).trim();
  const password = text.slice(colon + 1);
  if (!login || !password || login.length > EXCHANGE_1C_LIMITS.loginMax || password.length > EXCHANGE_1C_LIMITS.passwordMax) return undefined;
  return { login, password };
}

/** The answer's bytes in the charset the request asked for. */
export const answerText = (answer: { lines: string[] }, charset: ExchangeCharset) => encodeText(answer.lines.join('\n'), charset);

/** auth's password hashing (modules/auth/passwords, wired in app.ts). */
export interface ExchangePasswords {
  verifyPassword(stored: string | null, password: string): Promise<boolean>;
  dummyHash(): Promise<string>;
}

/** The sign-in limit, auth's (auth.service.ts reserveKeyedCheck). */
export interface ExchangeLoginLimits {
  reserveKeyedCheck(key: string, address: string): Promise<{ succeeded(): Promise<void> }>;
}

export function exchangeProtocol(
  db: Db,
  deps: {
    jobs: JobQueue;
    /** Where the session's files live (exchange-files.ts), whichever host takes a call. */
    blobs: BlobStore;
    /** This host's scratch files (DATA_DIR/tmp): a part being received. */
    dataDir: string;
    sale: SaleService;
    passwords: ExchangePasswords;
    limits: ExchangeLoginLimits;
    log?: (msg: string, err?: unknown) => void;
  },
) {
  const { verifyPassword, dummyHash } = deps.passwords;
  const sessions = exchangeSessionsRepo(db);
  const runs = exchangeRunsRepo(db);

  /**
   * One password check of the login reserved under the sign-in limit (auth's, keyed by the exchange login and by the
   * address: at most its per-account count judged in the window however many arrive at once). Undefined when the
   * limit is reached.
   */
  async function reserveAttempt(login: string, address: string) {
    try {
      return await deps.limits.reserveKeyedCheck(`exchange1c:${login.toLowerCase()}`, address);
    } catch (err) {
      if (err instanceof AppError && err.status === 429) return undefined;
      throw err;
    }
  }

  async function checkauth(call: ExchangeCall): Promise<ExchangeAnswer> {
    const credentials = basicCredentials(call.authorization);
    if (!credentials) return failure(EXCHANGE_1C_MSG.noCredentials);
    const attempt = await reserveAttempt(credentials.login, call.address);
    if (!attempt) return failure(EXCHANGE_1C_MSG.tooManyAttempts);
    const account = await sessions.findAccount(credentials.login);
    // The same slow hash whether or not the login exists.
    const ok = await verifyPassword(account?.password_hash ?? (await dummyHash()), credentials.password);
    if (!account || !ok) return failure(EXCHANGE_1C_MSG.wrongCredentials);
    await attempt.succeeded();
    const token = randomBytes(32).toString('hex');
    await sessions.open(account.partner_id, tokenHash(token));
    return lines('success', EXCHANGE_COOKIE, token, `sessid=${token}`, `timestamp=${Math.floor(Date.now() / 1000)}`);
  }

  /**
   * One part of a file (mode=file): read into a scratch file, counted into the session's bytes, then stored as an
   * object of its own keyed by where it starts among them (exchange-files.ts). Answers the answer and, for a part
   * stored, its last bytes (read on this host: the sale's document is checked whole by them).
   */
  async function receiveFile(partnerId: number, sessionId: number, call: ExchangeCall): Promise<{ answer: ExchangeAnswer; tail?: Buffer }> {
    const name = safeFileName(call.filename);
    if (!name) return { answer: failure(EXCHANGE_1C_MSG.badFileName) };
    const limit = EXCHANGE_1C_LIMITS.filePartBytes;
    if (call.declaredBytes !== undefined && call.declaredBytes > limit) return { answer: failure(EXCHANGE_1C_MSG.filePartTooLarge) };
    if (fileKind(name) === 'other') {
      await dropPart(call.body, limit);
      return { answer: success() };
    }
    const cap = EXCHANGE_1C_LIMITS.sessionBytes;
    // A declared length is counted before a byte is read; a chunked part once it has arrived.
    if (call.declaredBytes !== undefined) {
      const declared = call.declaredBytes;
      const total = await sessions.addBytes(partnerId, sessionId, declared, cap);
      if (total === undefined) return { answer: failure(EXCHANGE_1C_MSG.sessionTooLarge) };
      let part: SpooledPart;
      try {
        part = await spoolPart(deps.dataDir, call.body, declared);
        await storePart(deps.blobs, partKey(partnerId, sessionId, name, total - declared), part);
      } catch (err) {
        await sessions.returnBytes(partnerId, sessionId, declared);
        throw err;
      }
      if (part.bytes < declared) await sessions.returnBytes(partnerId, sessionId, declared - part.bytes);
      return { answer: success(), tail: part.tail };
    }
    const part = await spoolPart(deps.dataDir, call.body, limit);
    let total: number | undefined;
    try {
      total = await sessions.addBytes(partnerId, sessionId, part.bytes, cap);
    } finally {
      if (total === undefined) await discardPart(part);
    }
    if (total === undefined) return { answer: failure(EXCHANGE_1C_MSG.sessionTooLarge) };
    try {
      await storePart(deps.blobs, partKey(partnerId, sessionId, name, total - part.bytes), part);
    } catch (err) {
      await sessions.returnBytes(partnerId, sessionId, part.bytes);
      throw err;
    }
    return { answer: success(), tail: part.tail };
  }

  /**
   * 1C sends its orders document (type=sale) by mode=file and, in many versions, calls no import after it (Bitrix
   * imports it at once): once the document is whole (its root closed), its import starts; a later mode=import of it
   * finds that run.
   */
  async function importWholeSaleFile(partnerId: number, sessionId: number, call: ExchangeCall, lastTail: Buffer): Promise<void> {
    const name = safeFileName(call.filename);
    if (!name || fileKind(name) !== 'xml') return;
    if (endsDocument(await fileTail(deps.blobs, partnerId, sessionId, name, lastTail))) await startImport(partnerId, sessionId, 'sale', call);
  }

  /** What 1C reads while it polls an import: progress, success, or the run's first error. */
  function runAnswer(run: NonNullable<Awaited<ReturnType<ExchangeRunsRepo['findImport']>>>): ExchangeAnswer {
    if (run.status === 'SUCCESS') return success();
    if (run.status === 'FAILURE') return failure(run.errors[0] ?? EXCHANGE_1C_MSG.importFailed);
    return lines('progress', run.progress_text ?? EXCHANGE_1C_MSG.importStarted);
  }

  /** A refusal before the run could start is logged as a failed run of the file (the settings screen shows it). */
  async function refusedImport(partnerId: number, sessionId: number, type: 'catalog' | 'sale', name: string, reason: string) {
    const row = await runs.createImport(partnerId, sessionId, type, name, []);
    if (row) await runs.fail(partnerId, row.id, reason);
    return failure(reason);
  }

  async function startImport(partnerId: number, sessionId: number, type: 'catalog' | 'sale', call: ExchangeCall): Promise<ExchangeAnswer> {
    const name = safeFileName(call.filename);
    if (!name) return failure(EXCHANGE_1C_MSG.badFileName);
    const known = await runs.findImport(partnerId, sessionId, name);
    if (known) return runAnswer(known);
    // A file the site has nothing to do with (2.10's groups, properties, units…): done.
    if (!importKind(type, name)) return success();
    let bytes: number | undefined;
    try {
      bytes = await importedFileBytes(deps.blobs, await sessionFiles(deps.blobs, partnerId, sessionId), name);
    } catch (err) {
      if (err instanceof ExchangeRefusal) return refusedImport(partnerId, sessionId, type, name, err.message);
      throw err;
    }
    if (bytes === undefined) return refusedImport(partnerId, sessionId, type, name, EXCHANGE_1C_MSG.fileNotFound);
    const created = await db.transaction().execute(async (trx) => {
      const r = exchangeRunsRepo(trx);
      const row = await r.createImport(partnerId, sessionId, type, name, [{ name: path.posix.basename(name), bytes }]);
      if (!row) return false;
      const jobId = await deps.jobs.enqueue(trx, EXCHANGE_IMPORT_JOB, { partnerId, runId: row.id }, { partnerId, maxAttempts: 3 });
      await r.setJob(partnerId, row.id, jobId);
      return true;
    });
    if (created) return lines('progress', EXCHANGE_1C_MSG.importStarted);
    // A parallel call created it first.
    const run = await runs.findImport(partnerId, sessionId, name);
    return run ? runAnswer(run) : lines('progress', EXCHANGE_1C_MSG.importStarted);
  }

  async function saleQuery(partnerId: number, sessionId: number, charset: ExchangeCharset): Promise<ExchangeAnswer> {
    try {
      const { body, orders } = await deps.sale.saleQuery(partnerId, sessionId, charset);
      await runs.logSale(partnerId, sessionId, 'query', orders);
      return { xml: body };
    } catch (err) {
      deps.log?.('exchange 1c: sale query failed', err);
      await runs.logSale(partnerId, sessionId, 'query', 0, 'FAILURE', [EXCHANGE_1C_PROTOCOL_MSG.serverError]);
      return failure(EXCHANGE_1C_PROTOCOL_MSG.serverError);
    }
  }

  async function handle(call: ExchangeCall): Promise<ExchangeAnswer> {
    const type = call.type;
    if (type !== 'catalog' && type !== 'sale') return failure(EXCHANGE_1C_MSG.unknownType);
    if (call.mode === 'checkauth') return checkauth(call);
    const session = call.token ? await sessions.touch(tokenHash(call.token)) : undefined;
    if (!session) return failure(EXCHANGE_1C_MSG.noSession);
    const partnerId = Number(session.partner_id);
    const sessionId = Number(session.id);
    switch (call.mode) {
      case 'init':
        if (type === 'catalog') {
          await deps.blobs.deletePrefix(sessionPrefix(partnerId, sessionId));
          await sessions.resetBytes(partnerId, sessionId);
        }
        return lines('zip=yes', `file_limit=${EXCHANGE_1C_LIMITS.filePartBytes}`, `sessid=${call.token}`, `version=${SCHEMA_VERSION}`);
      case 'file': {
        const { answer, tail } = await receiveFile(partnerId, sessionId, call);
        if (type === 'sale' && tail) await importWholeSaleFile(partnerId, sessionId, call, tail);
        return answer;
      }
      case 'import':
        return startImport(partnerId, sessionId, type, call);
      case 'query':
        return type === 'sale' ? saleQuery(partnerId, sessionId, call.charset) : failure(EXCHANGE_1C_MSG.unknownMode);
      case 'success':
        if (type === 'sale') {
          await deps.sale.saleSuccess(partnerId, sessionId);
          await runs.logSale(partnerId, sessionId, 'success', 0);
        }
        return success();
      case 'deactivate':
      case 'complete':
        return success();
      default:
        return failure(EXCHANGE_1C_MSG.unknownMode);
    }
  }

  return {
    /** Answers a call of 1C: never throws; what went wrong inside is logged and told as a `failure` line. */
    async answer(call: ExchangeCall): Promise<ExchangeAnswer> {
      try {
        return await handle(call);
      } catch (err) {
        if (err instanceof ExchangeRefusal) return failure(err.message);
        deps.log?.('exchange 1c: call failed', err);
        // The file store did not answer: 1C's administrator reads why, in Russian, and 1C tries the exchange again.
        if (err instanceof StoreUnavailable) return failure(err.message);
        return failure(EXCHANGE_1C_PROTOCOL_MSG.serverError);
      }
    },

    /** The files of sessions that ended a day ago (the hourly store-wide purge). */
    purgeEndedSessions: () => purgeEndedSessions(db, deps.blobs),
  };
}

export type ExchangeProtocol = ReturnType<typeof exchangeProtocol>;

/** The exchange's protocol with its import job registered on the queue: what app.ts builds. */
export function exchange1cModule(
  db: Db,
  deps: {
    jobs: JobQueue;
    blobs: BlobStore;
    dataDir: string;
    apply: ApplyDeps;
    passwords: ExchangePasswords;
    limits: ExchangeLoginLimits;
    log?: (msg: string, err?: unknown) => void;
  },
) {
  registerExchangeImportJob(db, { jobs: deps.jobs, blobs: deps.blobs, dataDir: deps.dataDir, apply: deps.apply });
  return exchangeProtocol(db, {
    jobs: deps.jobs,
    blobs: deps.blobs,
    dataDir: deps.dataDir,
    sale: exchangeSale(db),
    passwords: deps.passwords,
    limits: deps.limits,
    log: deps.log,
  });
}
