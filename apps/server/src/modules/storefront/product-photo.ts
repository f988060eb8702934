import { createHash, randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { MSG } from '@b2b/contracts/messages';
import { keptLoads } from '@/cache/kept-loads';
import { AppError } from '@/http/app-error';
import type { Worker } from 'node:worker_threads';
import { turns } from '@/files/turns';
import { startModuleWorker } from '@/files/worker-start';
import type { PhotoProduct } from './photo-drawing';
import type { PhotoAnswer, PhotoRequest } from './photo-worker';

export { PHOTO_SIDE, type PhotoProduct } from './photo-drawing';

/** Photos kept in memory (about 10 KB each), the one drawn longest ago goes first. */
const MAX_KEPT_PHOTOS = 2000;

/**
 * A draw costs about 12 ms of CPU on a quiet machine (a 600 px card, most of it the PNG encoding, which resvg-js does
 * on the calling thread even in renderAsync: 80 ms pauses of the event loop were measured under load), 60 times the
 * trivial route, and the route is public: a visitor walking every product id of a 20 000-product catalogue (more than
 * memory keeps) could keep the server drawing. So one worker thread draws, one card at a time (the event loop and the
 * other core serve everyone else), at most MAX_WAITING_DRAWS wait for their turn and the rest are answered 503 with
 * Retry-After (feed readers and browsers retry), and each drawn card is kept on disk: a card is drawn once per product
 * and what it shows, whoever asks and however often, and a restart draws nothing again.
 */
const MAX_DRAWING = 1;
/** About 2.4 s of drawing at 12 ms a card: a cold catalogue page's pictures all wait their turn (an <img> does not retry a 503). */
export const MAX_WAITING_DRAWS = 200;

/** Changes when the drawing changes, so that cards kept on disk are drawn again. */
const DRAWING_VERSION = 1;

export interface Photo {
  png: Buffer;
  /** A strong validator of the bytes: a reader that has them asks with If-None-Match and gets 304. */
  etag: string;
}

/** Whether a request's If-None-Match names this ETag (a list, weak or not, or `*`). */
export const etagMatches = (header: string | undefined, etag: string): boolean =>
  !!header && (header.trim() === '*' || header.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag));

export const photoOf = (png: Buffer): Photo => ({ png, etag: `"${createHash('sha256').update(png).digest('base64url').slice(0, 27)}"` });

/** The drawing worker, started at the first card and again after it ends; its heap is capped. */
let drawer: Worker | undefined;
const asked = new Map<number, { resolve: (png: Buffer) => void; reject: (error: Error) => void }>();
let lastAsk = 0;

function photoWorker(): Worker {
  if (drawer) return drawer;
  const worker = startModuleWorker(import.meta.url, 'photo-worker', { resourceLimits: { maxOldGenerationSizeMb: 64, maxYoungGenerationSizeMb: 16 } });
  const failAll = (error: Error) => {
    if (drawer === worker) drawer = undefined;
    for (const { reject } of asked.values()) reject(error);
    asked.clear();
  };
  worker.on('message', (answer: PhotoAnswer) => {
    const waiting = asked.get(answer.id);
    asked.delete(answer.id);
    if (asked.size === 0) worker.unref();
    if (!waiting) return;
    if ('png' in answer) waiting.resolve(Buffer.from(answer.png.buffer, answer.png.byteOffset, answer.png.byteLength));
    else waiting.reject(new Error(answer.error));
  });
  worker.on('error', failAll);
  worker.on('exit', () => failAll(new Error('the photo worker ended')));
  drawer = worker;
  return worker;
}

/** The card drawn as a PNG in the photo worker, with its ETag. */
export function productCardPng(product: PhotoProduct): Promise<Photo> {
  const id = ++lastAsk;
  return new Promise<Buffer>((resolve, reject) => {
    asked.set(id, { resolve, reject });
    // A worker drawing keeps the process alive; an idle one does not.
    const worker = photoWorker();
    worker.ref();
    worker.postMessage({ id, product } satisfies PhotoRequest);
  }).then(photoOf);
}

export interface PhotoStore {
  /** The folder drawn cards are kept in (DATA_DIR/photos): derived data, safe to delete, each host its own. */
  dir: string;
  /** Tests only: how a card is drawn (default productCardPng) and how many draw or wait at once. */
  draw?: (p: PhotoProduct) => Promise<Photo>;
  drawing?: number;
  waiting?: number;
}

/** Photos drawn once per product (and per what it shows: a renamed product is a new key), kept on disk and in memory. */
export function productPhotos(store: PhotoStore) {
  const kept = keptLoads<Photo>(MAX_KEPT_PHOTOS);
  const gate = turns(store.drawing ?? MAX_DRAWING, store.waiting ?? MAX_WAITING_DRAWS);
  const draw = store.draw ?? productCardPng;

  async function keep(file: string, png: Buffer) {
    // Written aside and renamed: a reader never sees half a card, and two hosts drawing one card both succeed.
    const aside = `${file}.${randomUUID()}.tmp`;
    try {
      await fs.mkdir(store.dir, { recursive: true });
      await fs.writeFile(aside, png);
      await fs.rename(aside, file);
    } catch {
      await fs.rm(aside, { force: true });
    }
  }

  return (p: PhotoProduct): Promise<Photo> => {
    const key = JSON.stringify([DRAWING_VERSION, p.code, p.brand, p.name]);
    return kept(key, async () => {
      const file = path.join(store.dir, `${createHash('sha256').update(key).digest('hex')}.png`);
      const stored = await fs.readFile(file).catch(() => undefined);
      if (stored?.length) return photoOf(stored);
      const release = await gate.take();
      if (!release) throw new AppError('busy', 503, MSG.busy, { 'retry-after': '1' });
      const drawn = await draw(p).finally(release);
      await keep(file, drawn.png);
      return drawn;
    });
  };
}
