import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '@b2b/contracts/messages';
import { startS3Server, type TestS3Server } from '@/test/s3-server';
import { tempDataDir } from '@/test/test-config';
import { BadStoreKey, failingAsUnavailable, localBlobStore, readAll, StoreUnavailable, type BlobStore } from './blob-store';
import { s3BlobStore } from './s3-blob-store';

/*
 * Issue 42: one contract, two stores. Whatever a module does with its files (put, read from an offset, list a folder,
 * drop a folder) answers the same from DATA_DIR and from an S3-compatible bucket (a real one: s3rver through the AWS
 * SDK), so that a module tested on one works on the other.
 */

const text = async (store: BlobStore, key: string, start?: number) => {
  const object = await store.get(key, start);
  return object && { size: object.size, text: (await readAll(object.body)).toString() };
};
const keysOf = async (store: BlobStore, prefix: string) => {
  const keys: string[] = [];
  for await (const entry of store.list(prefix)) keys.push(entry.key);
  return keys.sort();
};

interface Subject {
  store: BlobStore;
  /** Where the test writes its scratch files (the local store's own tmp, as scratchFile places them). */
  scratchDir: string;
  close(): Promise<void>;
}

const dirs: string[] = [];
afterAll(() => {
  for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
});
const newDir = () => {
  const dir = tempDataDir();
  dirs.push(dir);
  fs.mkdirSync(path.join(dir, 'tmp'));
  return dir;
};

let s3: TestS3Server;
beforeAll(async () => {
  s3 = await startS3Server();
});
afterAll(() => s3.close().catch(() => {}));

const subjects: [string, () => Promise<Subject>][] = [
  [
    'the local folder',
    async () => {
      const root = newDir();
      return { store: failingAsUnavailable(localBlobStore(root)), scratchDir: path.join(root, 'tmp'), close: async () => {} };
    },
  ],
  [
    'an S3 bucket (s3rver)',
    async () => {
      const store = s3BlobStore(s3.settings(`contract-${randomBytes(4).toString('hex')}`));
      return { store: failingAsUnavailable(store), scratchDir: path.join(newDir(), 'tmp'), close: async () => store.client.destroy() };
    },
  ],
];

describe.each(subjects)('the blob store contract: %s', (_name, make) => {
  let subject: Subject;
  let store: BlobStore;
  beforeAll(async () => {
    subject = await make();
    store = subject.store;
  });
  afterAll(() => subject.close());

  it('puts bytes and a stream, reads them back whole, and a second put replaces the first', async () => {
    await store.put('files/1/a.txt', Buffer.from('привет, мир'), 'text/plain');
    await store.put('files/1/b.txt', Readable.from([Buffer.from('one '), Buffer.from('two '), Buffer.from('three')]));
    expect(await text(store, 'files/1/a.txt')).toEqual({ size: Buffer.byteLength('привет, мир'), text: 'привет, мир' });
    expect(await text(store, 'files/1/b.txt')).toEqual({ size: 13, text: 'one two three' });
    expect(await store.size('files/1/a.txt')).toBe(Buffer.byteLength('привет, мир'));

    await store.put('files/1/a.txt', Buffer.from('short'));
    expect(await text(store, 'files/1/a.txt')).toEqual({ size: 5, text: 'short' });
  });

  it('putFile stores a local file and takes it away', async () => {
    const scratch = path.join(subject.scratchDir, 'upload.bin');
    fs.writeFileSync(scratch, 'from a scratch file');
    await store.putFile('uploads/7/upload.bin', scratch, 'application/octet-stream');
    expect(fs.existsSync(scratch)).toBe(false);
    expect(await text(store, 'uploads/7/upload.bin')).toEqual({ size: 19, text: 'from a scratch file' });
  });

  it('reads from an offset: the rest of the object, nothing at or past its end', async () => {
    await store.put('ranges/abc', Buffer.from('0123456789'));
    expect(await text(store, 'ranges/abc', 0)).toEqual({ size: 10, text: '0123456789' });
    expect(await text(store, 'ranges/abc', 4)).toEqual({ size: 6, text: '456789' });
    expect(await text(store, 'ranges/abc', 9)).toEqual({ size: 1, text: '9' });
    expect(await text(store, 'ranges/abc', 10)).toEqual({ size: 0, text: '' });
    expect(await text(store, 'ranges/abc', 50)).toEqual({ size: 0, text: '' });
  });

  it('answers undefined for a missing key, and deleting one is no error', async () => {
    expect(await store.get('missing/none.txt')).toBeUndefined();
    expect(await store.get('missing/none.txt', 5)).toBeUndefined();
    expect(await store.size('missing/none.txt')).toBeUndefined();
    await expect(store.delete('missing/none.txt')).resolves.toBeUndefined();
    await expect(store.deletePrefix('missing/')).resolves.toBeUndefined();
    expect(await keysOf(store, 'missing/')).toEqual([]);
  });

  it('lists by prefix (a folder or the start of a name) with sizes and times, deletes one, then a folder', async () => {
    const before = Date.now();
    for (const key of ['list/a/1', 'list/a/2', 'list/a/deep/3', 'list/ab/4', 'list/b/5']) await store.put(key, Buffer.from(key));
    expect(await keysOf(store, 'list/a/')).toEqual(['list/a/1', 'list/a/2', 'list/a/deep/3']);
    expect(await keysOf(store, 'list/a')).toEqual(['list/a/1', 'list/a/2', 'list/a/deep/3', 'list/ab/4']);
    expect(await keysOf(store, 'list/a/deep/')).toEqual(['list/a/deep/3']);
    expect(await keysOf(store, 'list/c/')).toEqual([]);
    for await (const entry of store.list('list/b/')) {
      expect(entry).toEqual({ key: 'list/b/5', size: 8, modifiedAt: expect.any(Date) });
      // s3rver keeps whole seconds.
      expect(entry.modifiedAt.getTime()).toBeGreaterThanOrEqual(before - 1000);
      expect(entry.modifiedAt.getTime()).toBeLessThanOrEqual(Date.now() + 1000);
    }

    await store.delete('list/a/2');
    expect(await store.size('list/a/2')).toBeUndefined();
    expect(await keysOf(store, 'list/a/')).toEqual(['list/a/1', 'list/a/deep/3']);

    await store.deletePrefix('list/a/');
    expect(await keysOf(store, 'list/')).toEqual(['list/ab/4', 'list/b/5']);
    await store.deletePrefix('list/a');
    expect(await keysOf(store, 'list/')).toEqual(['list/b/5']);
  });

  it('round-trips a 20 MB stream byte for byte (multipart on S3), never whole in memory on the way in', async () => {
    const MB = 1024 * 1024;
    const sent = createHash('sha256');
    async function* twentyMegabytes() {
      for (let i = 0; i < 20; i++) {
        const chunk = randomBytes(MB);
        sent.update(chunk);
        yield chunk;
      }
    }
    await store.put('big/20mb.bin', Readable.from(twentyMegabytes()));
    expect(await store.size('big/20mb.bin')).toBe(20 * MB);
    const object = (await store.get('big/20mb.bin'))!;
    expect(object.size).toBe(20 * MB);
    const received = createHash('sha256');
    let bytes = 0;
    for await (const chunk of object.body) {
      received.update(chunk as Buffer);
      bytes += (chunk as Buffer).length;
    }
    expect(bytes).toBe(20 * MB);
    expect(received.digest('hex')).toBe(sent.digest('hex'));

    // From an offset inside the second part.
    const tail = (await store.get('big/20mb.bin', 20 * MB - 10))!;
    expect(tail.size).toBe(10);
    expect((await readAll(tail.body)).length).toBe(10);
    await store.delete('big/20mb.bin');
  }, 120_000);

  it('refuses a key that is not its own (a caller bug: BadStoreKey, not StoreUnavailable), and takes putFile’s file anyway', async () => {
    for (const key of ['../x', '/x', 'a//b', 'a/./b', 'a/', '', 'a\\b']) {
      await expect(store.put(key, Buffer.from('x')), key).rejects.toBeInstanceOf(BadStoreKey);
      await expect(store.get(key), key).rejects.toBeInstanceOf(BadStoreKey);
      await expect(store.size(key), key).rejects.toBeInstanceOf(BadStoreKey);
      await expect(store.delete(key), key).rejects.toBeInstanceOf(BadStoreKey);
    }
    const scratch = path.join(subject.scratchDir, 'refused.bin');
    fs.writeFileSync(scratch, 'x');
    await expect(store.putFile('../escape.bin', scratch)).rejects.toThrow(/not a store key/);
    expect(fs.existsSync(scratch)).toBe(false);
    expect(fs.existsSync(path.join(subject.scratchDir, '..', '..', 'escape.bin'))).toBe(false);
  });

  it('answers /health’s question', async () => {
    expect(await store.answers()).toBe(true);
  });
});

describe('an S3 store whose server is down', () => {
  let down: TestS3Server;
  let store: BlobStore;
  let dir: string;
  beforeAll(async () => {
    down = await startS3Server();
    const s3Store = s3BlobStore(down.settings('down'));
    store = failingAsUnavailable(s3Store);
    await store.put('files/1/kept.txt', Buffer.from('stored before the outage'));
    await down.close();
    dir = newDir();
    return () => s3Store.client.destroy();
  });

  const unavailable = async (call: () => Promise<unknown>) => {
    const err = await call().then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(err).toBeInstanceOf(StoreUnavailable);
    expect(err).toMatchObject({ status: 503, code: 'store_unavailable', message: MSG.fileStoreUnavailable });
  };

  it('rejects every call with StoreUnavailable (503, the Russian message), and answers() is false', async () => {
    await unavailable(() => store.put('files/1/new.txt', Buffer.from('x')));
    await unavailable(() => store.put('files/1/new.txt', Readable.from([Buffer.from('x')])));
    await unavailable(() => store.get('files/1/kept.txt'));
    await unavailable(() => store.get('files/1/kept.txt', 3));
    await unavailable(() => store.size('files/1/kept.txt'));
    await unavailable(() => store.delete('files/1/kept.txt'));
    await unavailable(() => store.deletePrefix('files/'));
    await unavailable(() => keysOf(store, 'files/'));
    const scratch = path.join(dir, 'tmp', 'upload.bin');
    fs.writeFileSync(scratch, 'never stored');
    await unavailable(() => store.putFile('files/1/upload.bin', scratch));
    expect(fs.existsSync(scratch)).toBe(false);
    expect(await store.answers()).toBe(false);
  }, 60_000);
});
