import type { ResourceLimits, Worker } from 'node:worker_threads';
import { LIMITS } from '@b2b/contracts/limits';
import { MSG } from '@b2b/contracts/messages';
import { turns } from './turns';
import { startModuleWorker } from './worker-start';
import type { ReaderMessage, SheetFailureReason, SheetLimits, SpreadsheetKind, SpreadsheetRow, WorkerMessage } from './sheet-types';

/**
 * Reads an uploaded spreadsheet (xlsx or csv) for any module: rows come in batches from a worker thread, so a
 * hostile or huge file never blocks the event loop nor reaches the main heap (the worker has its own, capped).
 * The file is refused with a Russian message when it unpacks past the size limit, has more rows than the limit,
 * takes longer than the time limit to parse, or cannot be read at all.
 *
 *   try {
 *     for await (const rows of readSpreadsheet(kind, upload)) { ...; if (enough) break; }
 *   } catch (err) {
 *     if (err instanceof SpreadsheetError) return failed({ file: err.message });
 *     throw err;
 *   }
 *
 * Consume it with for await, which releases the worker however the loop ends; leaving early stops the worker.
 */

export class SpreadsheetError extends Error {
  constructor(
    readonly reason: SheetFailureReason,
    message: string,
  ) {
    super(message);
  }
}

export interface ReadOptions extends Partial<SheetLimits> {
  /** Parsing time the worker may spend (time the caller spends on a batch is not counted). */
  timeoutMs?: number;
}

/** Workers reading at once; further reads wait their turn (each worker may take a core and WORKER_HEAP_MB). */
const PARALLEL_READS = 2;
const WORKER_HEAP_MB = 256;
const WORKER_LIMITS: ResourceLimits = { maxOldGenerationSizeMb: WORKER_HEAP_MB, maxYoungGenerationSizeMb: 32 };

function refusal(reason: SheetFailureReason, limits: SheetLimits): SpreadsheetError {
  const text: Record<SheetFailureReason, string> = {
    format: MSG.fileFormatUnsupported,
    tooLarge: MSG.spreadsheetTooLarge(Math.round(limits.maxUnpackedBytes / 1024 / 1024)),
    tooManyRows: MSG.spreadsheetTooManyRows(limits.maxRows),
    timeout: MSG.spreadsheetTooSlow,
  };
  return new SpreadsheetError(reason, text[reason]);
}

const readSlots = turns(PARALLEL_READS);

/** The bundled dist/spreadsheet-worker.js beside main.js, or spreadsheet-worker.ts run from source. */
const startWorker = () => startModuleWorker(import.meta.url, 'spreadsheet-worker', { resourceLimits: WORKER_LIMITS });

/** Workers that finished a file cleanly wait here for the next one (a start costs tens of ms), for a while. */
const idle: Worker[] = [];
const idleTimers = new WeakMap<Worker, NodeJS.Timeout>();
const IDLE_MS = 30_000;

function takeWorker(): Worker {
  const worker = idle.pop();
  if (!worker) {
    const started = startWorker();
    // A worker failing while idle just ends (a read in progress hears of it through its own listeners).
    started.on('error', () => {});
    started.on('exit', () => {
      if (idle.includes(started)) idle.splice(idle.indexOf(started), 1);
    });
    return started;
  }
  clearTimeout(idleTimers.get(worker));
  worker.ref();
  return worker;
}

function giveBack(worker: Worker): void {
  worker.unref();
  idle.push(worker);
  idleTimers.set(worker, setTimeout(() => void worker.terminate(), IDLE_MS).unref());
}

type WorkerEvent = WorkerMessage | { type: 'crashed'; error: Error } | { type: 'exited'; code: number } | { type: 'timeout' };

/** The worker's messages and its end, one at a time; `timeout` when none comes within the time given. */
function inboxOf(worker: Worker) {
  const queue: WorkerEvent[] = [];
  let wake = () => {};
  const push = (event: WorkerEvent) => {
    queue.push(event);
    wake();
  };
  const onMessage = (message: WorkerMessage) => push(message);
  const onError = (error: Error) => push({ type: 'crashed', error });
  const onExit = (code: number) => push({ type: 'exited', code });
  worker.on('message', onMessage).on('error', onError).on('exit', onExit);
  return {
    async next(timeoutMs: number): Promise<WorkerEvent> {
      let event = queue.shift();
      while (!event) {
        let timer: NodeJS.Timeout | undefined;
        await new Promise<void>((resolve) => {
          wake = resolve;
          timer = setTimeout(() => push({ type: 'timeout' }), Math.max(0, timeoutMs));
        });
        clearTimeout(timer);
        wake = () => {};
        event = queue.shift();
      }
      return event;
    },
    close: () => worker.off('message', onMessage).off('error', onError).off('exit', onExit),
  };
}

/** `data`: the file's bytes, or its path (an upload's scratch file: the worker reads it, the main heap never holds it). */
export async function* readSpreadsheet(
  kind: SpreadsheetKind,
  data: Buffer | { path: string },
  options: ReadOptions = {},
): AsyncGenerator<SpreadsheetRow[]> {
  const limits: SheetLimits = {
    maxRows: options.maxRows ?? LIMITS.spreadsheetMaxRows,
    maxColumns: options.maxColumns ?? LIMITS.spreadsheetMaxColumns,
    maxUnpackedBytes: options.maxUnpackedBytes ?? LIMITS.spreadsheetMaxUnpackedMb * 1024 * 1024,
  };
  let timeLeft = options.timeoutMs ?? LIMITS.spreadsheetReadMaxMs;
  // Unbounded waiting: a turn always comes.
  const release = (await readSlots.take()) ?? (() => {});
  const worker = takeWorker();
  const inbox = inboxOf(worker);
  let finished = false;
  try {
    if (Buffer.isBuffer(data)) {
      // A copy with memory of its own, handed over to the worker rather than copied again.
      const copy = new Uint8Array(data);
      const read: ReaderMessage = { type: 'read', input: { kind, data: copy, limits } };
      worker.postMessage(read, [copy.buffer]);
    } else worker.postMessage({ type: 'read', input: { kind, data: { path: data.path }, limits } } satisfies ReaderMessage);
    for (;;) {
      const waitStarted = performance.now();
      const event = await inbox.next(timeLeft);
      timeLeft -= performance.now() - waitStarted;
      switch (event.type) {
        case 'rows':
          yield event.rows;
          worker.postMessage({ type: 'more' } satisfies ReaderMessage);
          break;
        case 'done':
          finished = true;
          return;
        case 'failed':
          finished = true;
          throw refusal(event.reason, limits);
        case 'timeout':
          throw refusal('timeout', limits);
        case 'crashed':
          if ((event.error as { code?: string }).code === 'ERR_WORKER_OUT_OF_MEMORY') throw refusal('tooLarge', limits);
          throw event.error;
        case 'exited':
          throw new Error(`the spreadsheet worker stopped with exit code ${event.code}`);
      }
    }
  } finally {
    // A worker stopped halfway (time limit, the caller leaving the loop early, a crash) is not reused.
    inbox.close();
    if (finished) giveBack(worker);
    else await worker.terminate();
    release();
  }
}
