import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { photoOf, productCardPng, productPhotos, type PhotoProduct } from './product-photo';

const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'photos-'));
afterAll(() => fs.rm(dir, { recursive: true, force: true }));

const product: PhotoProduct = { code: '100200', brand: 'Ромашка', name: 'Чай зелёный 100 г' };

// A card is drawn in a worker thread (resvg and its fonts loaded on first use): seconds on a busy 2-core machine,
// where the unit tests run beside each other, so past vitest's default of 5 s.
describe('product photos kept on disk', { timeout: 30_000 }, () => {
  it('draws a card once: another process (a new store over the same folder) reads it and draws nothing', async () => {
    let draws = 0;
    const first = productPhotos({ dir, draw: (p) => (draws++, productCardPng(p)) });
    const drawn = await first(product);
    expect(draws).toBe(1);
    expect((await fs.readdir(dir)).filter((f) => f.endsWith('.png'))).toHaveLength(1);

    const second = productPhotos({ dir, draw: () => Promise.reject(new Error('must not draw')) });
    const read = await second(product);
    expect(read.png.equals(drawn.png)).toBe(true);
    expect(read.etag).toBe(drawn.etag);
    // What the product shows changed: a new card.
    await expect(second({ ...product, name: 'Чай чёрный 100 г' })).rejects.toThrow('must not draw');
  });

  it('answers 503 with Retry-After when cards wait past the queue, and keeps no half-written file', async () => {
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    const png = (await productCardPng(product)).png;
    const photos = productPhotos({ dir: path.join(dir, 'busy'), drawing: 1, waiting: 1, draw: async () => (await held, photoOf(png)) });
    const a = photos({ ...product, code: '1' });
    const b = photos({ ...product, code: '2' });
    const refused = await photos({ ...product, code: '3' }).catch((e: unknown) => e);
    expect(refused).toMatchObject({ status: 503, message: 'Сервер занят. Повторите через секунду', headers: { 'retry-after': '1' } });
    release();
    await Promise.all([a, b]);
    const files = await fs.readdir(path.join(dir, 'busy'));
    expect(files.filter((f) => f.endsWith('.png'))).toHaveLength(2);
    expect(files.filter((f) => f.endsWith('.tmp'))).toHaveLength(0);
    // A refused card is not remembered as refused: asked again when the server is free, it is drawn.
    expect((await photos({ ...product, code: '3' })).png.equals(png)).toBe(true);
  });
});
