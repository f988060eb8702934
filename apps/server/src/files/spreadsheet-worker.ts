import { readFile } from 'node:fs/promises';
import { parentPort } from 'node:worker_threads';
import { SheetFailure, type ReaderMessage, type SpreadsheetRow, type WorkerInput, type WorkerMessage } from './sheet-types';
import { spreadsheetRows } from './spreadsheet-rows';

/**
 * The spreadsheet reader's worker thread (see spreadsheet-reader.ts): reads one file at a time and posts its
 * rows in batches, waiting after each batch until the reader asks for more, so that neither side holds the
 * whole sheet. Between files it waits for the next one.
 */

const BATCH_ROWS = 1000;
/** Characters of text per batch, so that a batch of long texts stays a small message too. */
const BATCH_TEXT = 1_000_000;

const port = parentPort;
if (!port) throw new Error('spreadsheet-worker runs as a worker thread');

let more: () => void = () => {};
const post = (message: WorkerMessage) => port.postMessage(message);

async function send(rows: SpreadsheetRow[]): Promise<void> {
  const asked = new Promise<void>((resolve) => {
    more = resolve;
  });
  post({ type: 'rows', rows });
  await asked;
}

const weight = (row: SpreadsheetRow) => row.cells.reduce<number>((sum, c) => sum + (typeof c === 'string' ? c.length : 8), 0);

async function read({ kind, data, limits }: WorkerInput): Promise<void> {
  let batch: SpreadsheetRow[] = [];
  let text = 0;
  // A file on disk is read here, into the worker's heap, never the main thread's.
  const bytes = data instanceof Uint8Array ? Buffer.from(data.buffer, data.byteOffset, data.byteLength) : await readFile(data.path);
  for await (const rows of spreadsheetRows(kind, bytes, limits)) {
    for (const row of rows) {
      batch.push(row);
      text += weight(row);
      if (batch.length >= BATCH_ROWS || text >= BATCH_TEXT) {
        await send(batch);
        batch = [];
        text = 0;
      }
    }
  }
  if (batch.length) await send(batch);
  post({ type: 'done' });
}

port.on('message', (message: ReaderMessage) => {
  if (message.type === 'more') more();
  // Anything the parser did not expect comes from the file's content: it is answered as a file it cannot read.
  else read(message.input).catch((err: unknown) => post({ type: 'failed', reason: err instanceof SheetFailure ? err.reason : 'format' }));
});
