import { createHash, randomUUID } from 'node:crypto';
import { createReadStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { MEDIA_TYPES } from '@b2b/contracts/http/form-fields';
import type { Db } from '@/db/database';
import { purgeScratch, scratchFile, type BlobStore } from './blob-store';
import { expiryOf, mayRead, type FilePurpose, type FileReader } from './file-purposes';
import { filesRepo } from './files.repo';
import type { Selectable } from 'kysely';
import type { FilesTable } from '@/db/schema';

type FileRow = Selectable<FilesTable>;

export interface NewFile {
  partnerId: number;
  /** What the file is for: it decides who downloads it and whether it expires (file-purposes.ts). */
  purpose: FilePurpose;
  /** The name the user sees and downloads it under (Russian allowed). */
  originalName: string;
  mime: string;
  /** Who stored it: for a generated file, the one user who may download it. */
  createdBy: number | null;
}

export interface StoredFile {
  id: string;
  originalName: string;
  /** Where the partner's staff download it (GET, with their token). */
  url: string;
}

export const XLSX_MIME = MEDIA_TYPES.xlsx;

export const fileDownloadUrl = (id: string) => `/v3/api/partner/file/${id}/`;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * An object without a row is collected once it is this old: younger, it may be one being written (`create` stores
 * the bytes, then inserts the row, in the caller's transaction; a long export writes for minutes).
 */
const ORPHAN_GRACE_MS = 24 * 3600_000;

/** Expired rows deleted per statement by the purge. */
const PURGE_BATCH = 500;
/** Orphan candidates looked up per statement. */
const ORPHAN_BATCH = 500;

const FILE_KEY = /^files\/(\d+)\/[^/]+\/([0-9a-f-]{36})(\.[.\w]*)?$/i;

/**
 * Files of a partner: the bytes in the blob store (blob-store.ts: DATA_DIR or an S3 bucket) under
 * files/<partner>/<yyyy-mm>/<uuid>.<ext>, a row in `files` with the original name, size and sha256. Any module
 * stores and serves its files through here; whichever host wrote a file, any host serves it.
 */
export function fileStore(db: Db, blobs: BlobStore, dataDir: string) {
  const repo = filesRepo(db);

  async function digest(file: string): Promise<{ size: number; sha256: string }> {
    const hash = createHash('sha256');
    let size = 0;
    for await (const chunk of createReadStream(file)) {
      hash.update(chunk as Buffer);
      size += (chunk as Buffer).length;
    }
    return { size, sha256: hash.digest('hex') };
  }

  /**
   * A file of this partner that still exists in the store; undefined for an unknown id, another partner's, an
   * expired or a lost file. Its stream is opened here (one round trip to a remote store), to be read once.
   */
  async function open(partnerId: number, id: string, allowed: (row: FileRow) => boolean = () => true) {
    if (!UUID.test(id)) return undefined;
    const row = await repo.findById(partnerId, id);
    if (!row || (row.expires_at && row.expires_at.getTime() <= Date.now())) return undefined;
    // Judged before the object is opened: a stream opened and dropped would hold a descriptor or a store connection
    // (a public route asked for files it does not serve, over and over, would exhaust them).
    if (!allowed(row)) return undefined;
    const object = await blobs.get(row.storage_path);
    return object ? { row, stream: () => object.body } : undefined;
  }

  /** Objects under files/ older than the grace whose row is gone (any partner's). */
  async function collectOrphans(now: Date): Promise<number> {
    let collected = 0;
    const candidates: { partnerId: number; id: string; key: string }[] = [];
    const settle = async () => {
      const byPartner = new Map<number, typeof candidates>();
      for (const c of candidates.splice(0)) byPartner.set(c.partnerId, [...(byPartner.get(c.partnerId) ?? []), c]);
      for (const [partnerId, list] of byPartner) {
        const known = new Set(
          (
            await repo.existingIds(
              partnerId,
              list.map((c) => c.id),
            )
          ).map((id) => id.toLowerCase()),
        );
        for (const c of list) {
          if (known.has(c.id)) continue;
          await blobs.delete(c.key);
          collected += 1;
        }
      }
    };
    for await (const entry of blobs.list('files/')) {
      const match = FILE_KEY.exec(entry.key);
      if (!match || now.getTime() - entry.modifiedAt.getTime() < ORPHAN_GRACE_MS) continue;
      candidates.push({ partnerId: Number(match[1]), id: match[2].toLowerCase(), key: entry.key });
      if (candidates.length >= ORPHAN_BATCH) await settle();
    }
    await settle();
    return collected;
  }

  return {
    /**
     * Stores a file that `write` produces at the path it is given (a streaming writer can write there directly: a
     * scratch file under DATA_DIR/tmp), then records it in `trx` (the caller's transaction, or db). A failed write
     * or store leaves neither an object nor a row.
     */
    async create(meta: NewFile, write: (absolutePath: string) => Promise<void>, trx: Db): Promise<StoredFile> {
      const id = randomUUID();
      const ext = path
        .extname(meta.originalName)
        .toLowerCase()
        .replace(/[^.\w]/g, '');
      const storagePath = `files/${meta.partnerId}/${new Date().toISOString().slice(0, 7)}/${id}${ext}`;
      const scratch = await scratchFile(dataDir, ext);
      let stored = false;
      try {
        await write(scratch);
        const { size, sha256 } = await digest(scratch);
        await blobs.putFile(storagePath, scratch, meta.mime);
        stored = true;
        await filesRepo(trx).insert({
          partner_id: meta.partnerId,
          id,
          purpose: meta.purpose,
          original_name: meta.originalName,
          mime: meta.mime,
          size,
          sha256,
          storage_path: storagePath,
          created_by: meta.createdBy,
          expires_at: expiryOf(meta.purpose),
        });
      } catch (err) {
        await fs.rm(scratch, { force: true });
        if (stored) await blobs.delete(storagePath).catch(() => {});
        throw err;
      }
      return { id, originalName: meta.originalName, url: fileDownloadUrl(id) };
    },

    /** Stores bytes already in memory (a file made small by the server, a test's). */
    save(meta: NewFile, data: Buffer, trx: Db): Promise<StoredFile> {
      return this.create(meta, (file) => fs.writeFile(file, data), trx);
    },

    /**
     * Stores an upload of request.uploads from its scratch file, never whole in memory. The scratch file is copied,
     * not moved: it stays the request's, which removes it when it ends, and one upload may be stored more than once.
     */
    saveUpload(meta: NewFile, upload: { path: string }, trx: Db): Promise<StoredFile> {
      return this.create(meta, (file) => fs.copyFile(upload.path, file), trx);
    },

    /** Forgets a file of this partner: its row, then its bytes. Unknown ids are ignored. */
    async remove(partnerId: number, id: string, trx: Db): Promise<void> {
      if (!UUID.test(id)) return;
      const row = await filesRepo(trx).delete(partnerId, id);
      // A store that does not answer now leaves an orphan, which the purge collects.
      if (row) await blobs.delete(row.storage_path).catch(() => {});
    },

    open,

    /** A file of the reader's partner that the reader may download (file-purposes.ts); undefined for any other. */
    openFor: (reader: FileReader & { partnerId: number }, id: string) => open(reader.partnerId, id, (row) => mayRead(reader, row)),

    /**
     * Deletes the files that expired by `now`, their bytes then their rows: a crash between the two leaves a row whose
     * object is gone, which open() answers as not found and the next purge deletes. Then collects the orphans (objects
     * whose row is gone: a crash inside create() or remove()). Answers how many of each it deleted.
     */
    async purge(now = new Date()): Promise<{ expired: number; orphans: number }> {
      let expired = 0;
      for (;;) {
        const rows = await repo.expired(now, PURGE_BATCH);
        if (!rows.length) break;
        for (const row of rows) await blobs.delete(row.storage_path);
        const deleted = await repo.deleteExpired(
          rows.map((r) => r.id),
          now,
        );
        expired += deleted;
        // A short batch was the last; one of which nothing was deleted (taken by another process) ends the run too.
        if (rows.length < PURGE_BATCH || !deleted) break;
      }
      return { expired, orphans: await collectOrphans(now) };
    },

    /** This host's scratch files a crash left (a day old): every host its own, unlike purge(). */
    purgeScratch: (now = new Date()) => purgeScratch(dataDir, now),
  };
}

export type FileStore = ReturnType<typeof fileStore>;

/** RFC 6266 / 5987: an ASCII fallback name and the exact UTF-8 name for browsers that read filename*. */
export function attachmentDisposition(name: string): string {
  const fallback = name.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  const encoded = encodeURIComponent(name).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `attachment; filename="${fallback}"; filename*=UTF-8''${encoded}`;
}
