import { parentPort } from 'node:worker_threads';
import { drawCardPng, type PhotoProduct } from './photo-drawing';

/** The photo worker (product-photo.ts): draws the cards it is sent, one at a time, off the server's event loop. */
export interface PhotoRequest {
  id: number;
  product: PhotoProduct;
}
export type PhotoAnswer = { id: number; png: Uint8Array } | { id: number; error: string };

parentPort?.on('message', ({ id, product }: PhotoRequest) => {
  try {
    const png = drawCardPng(product);
    parentPort!.postMessage({ id, png } satisfies PhotoAnswer, [png.buffer as ArrayBuffer]);
  } catch (error) {
    parentPort!.postMessage({ id, error: String(error) } satisfies PhotoAnswer);
  }
});
