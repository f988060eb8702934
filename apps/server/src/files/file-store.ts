import { createHash, randomUUID } from 'node:crypto';
import { createReadStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { Db } from '@/db/database';
import { filesRepo } from './files.repo';

export interface NewFile {
  partnerId: number;
  /** What the file is for: 'export', 'client-file', 'price-upload', … */
  purpose: string;
  /** The name the user sees and downloads it under (Russian allowed). */
  originalName: string;
  mime: string;
  createdBy: number | null;
}

export interface StoredFile {
  id: string;
  originalName: string;
  /** Where the partner's staff download it (GET, with their token). */
  url: string;
}

export const XLSX_MIME = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

export const fileDownloadUrl = (id: string) => `/v3/api/partner/file/${id}/`;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

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

  return {
    /**
     * Stores a file that `write` produces at the path it is given (a streaming writer can write there directly),
     * then records it in `trx` (the caller's transaction, or db). A failed write leaves neither a file nor a row.
     */
    async create(meta: NewFile, write: (absolutePath: string) => Promise<void>, trx: Db): Promise<StoredFile> {
      const id = randomUUID();
      const ext = path.extname(meta.originalName).toLowerCase().replace(/[^.\w]/g, '');
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

    /** A file of this partner that still exists on disk; undefined for an unknown id, another partner's or a lost file. */
    async open(partnerId: number, id: string) {
      if (!UUID.test(id)) return undefined;
      const row = await repo.findById(partnerId, id);
      if (!row) return undefined;
      const file = absolute(row.storage_path);
      const exists = await fs.stat(file).then((s) => s.isFile(), () => false);
      return exists ? { row, stream: () => createReadStream(file) } : undefined;
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
