import { createHash, randomUUID } from 'node:crypto';
import { createReadStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { MEDIA_TYPES } from '@b2b/contracts/http/form-fields';
import type { Db } from '@/db/database';
import { expiryOf, mayRead, type FilePurpose, type FileReader } from './file-purposes';
import { filesRepo } from './files.repo';

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
 * A file on disk without a row is collected once it is this old: younger, it may be one being written (`create` writes
 * the bytes, then inserts the row, in the caller's transaction; a long export writes for minutes).
 */
const ORPHAN_GRACE_MS = 24 * 3600_000;

/** Expired rows deleted per statement by the purge. */
const PURGE_BATCH = 500;

/**
 * Files of a partner: the bytes under DATA_DIR/files/<partner>/<yyyy-mm>/<uuid>.<ext>, a row in `files`
 * with the original name, size and sha256. Any module stores and serves its files through here.
 */
export function fileStore(db: Db, dataDir: string) {
  const repo = filesRepo(db);
  const absolute = (storagePath: string) => path.join(dataDir, storagePath);

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
   * A file of this partner that still exists on disk; undefined for an unknown id, another partner's, an expired or
   * a lost file.
   */
  async function open(partnerId: number, id: string) {
    if (!UUID.test(id)) return undefined;
    const row = await repo.findById(partnerId, id);
    if (!row || (row.expires_at && row.expires_at.getTime() <= Date.now())) return undefined;
    const file = absolute(row.storage_path);
    const exists = await fs.stat(file).then(
      (s) => s.isFile(),
      () => false,
    );
    return exists ? { row, stream: () => createReadStream(file) } : undefined;
  }

  /** Bytes under files/<partner>/<month>/<uuid>.<ext> older than the grace whose row is gone (any partner's). */
  async function collectOrphans(now: Date): Promise<number> {
    const root = absolute('files');
    const names = async (dir: string) => fs.readdir(dir, { withFileTypes: true }).catch(() => []);
    let collected = 0;
    for (const partner of await names(root)) {
      if (!partner.isDirectory() || !/^\d+$/.test(partner.name)) continue;
      const partnerId = Number(partner.name);
      for (const month of await names(path.join(root, partner.name))) {
        if (!month.isDirectory()) continue;
        const dir = path.join(root, partner.name, month.name);
        const candidates = new Map<string, string>();
        for (const entry of await names(dir)) {
          const id = path.basename(entry.name, path.extname(entry.name));
          if (!entry.isFile() || !UUID.test(id)) continue;
          const file = path.join(dir, entry.name);
          const stat = await fs.stat(file).catch(() => undefined);
          if (stat && now.getTime() - stat.mtimeMs >= ORPHAN_GRACE_MS) candidates.set(id.toLowerCase(), file);
        }
        if (!candidates.size) continue;
        const known = new Set((await repo.existingIds(partnerId, [...candidates.keys()])).map((id) => id.toLowerCase()));
        for (const [id, file] of candidates) {
          if (known.has(id)) continue;
          await fs.rm(file, { force: true });
          collected += 1;
        }
      }
    }
    return collected;
  }

  return {
    /**
     * Stores a file that `write` produces at the path it is given (a streaming writer can write there directly),
     * then records it in `trx` (the caller's transaction, or db). A failed write leaves neither a file nor a row.
     */
    async create(meta: NewFile, write: (absolutePath: string) => Promise<void>, trx: Db): Promise<StoredFile> {
      const id = randomUUID();
      const ext = path
        .extname(meta.originalName)
        .toLowerCase()
        .replace(/[^.\w]/g, '');
      const storagePath = path.join('files', String(meta.partnerId), new Date().toISOString().slice(0, 7), `${id}${ext}`);
      const file = absolute(storagePath);
      await fs.mkdir(path.dirname(file), { recursive: true });
      try {
        await write(file);
        const { size, sha256 } = await digest(file);
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
        await fs.rm(file, { force: true });
        throw err;
      }
      return { id, originalName: meta.originalName, url: fileDownloadUrl(id) };
    },

    /** Stores bytes already in memory (an upload of request.uploads). */
    save(meta: NewFile, data: Buffer, trx: Db): Promise<StoredFile> {
      return this.create(meta, (file) => fs.writeFile(file, data), trx);
    },

    /** Forgets a file of this partner: its row, then its bytes. Unknown ids are ignored. */
    async remove(partnerId: number, id: string, trx: Db): Promise<void> {
      if (!UUID.test(id)) return;
      const row = await filesRepo(trx).delete(partnerId, id);
      if (row) await fs.rm(absolute(row.storage_path), { force: true });
    },

    open,

    /** A file of the reader's partner that the reader may download (file-purposes.ts); undefined for any other. */
    async openFor(reader: FileReader & { partnerId: number }, id: string) {
      const file = await open(reader.partnerId, id);
      return file && mayRead(reader, file.row) ? file : undefined;
    },

    /**
     * Deletes the files that expired by `now`, their bytes then their rows: a crash between the two leaves a row whose
     * file is gone, which open() answers as not found and the next purge deletes. Then collects the orphans (bytes whose
     * row is gone: a crash inside create() or remove()). Answers how many of each it deleted.
     */
    async purge(now = new Date()): Promise<{ expired: number; orphans: number }> {
      let expired = 0;
      for (;;) {
        const rows = await repo.expired(now, PURGE_BATCH);
        if (!rows.length) break;
        for (const row of rows) await fs.rm(absolute(row.storage_path), { force: true });
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
  };
}

export type FileStore = ReturnType<typeof fileStore>;

/** RFC 6266 / 5987: an ASCII fallback name and the exact UTF-8 name for browsers that read filename*. */
export function attachmentDisposition(name: string): string {
  const fallback = name.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  const encoded = encodeURIComponent(name).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `attachment; filename="${fallback}"; filename*=UTF-8''${encoded}`;
}
