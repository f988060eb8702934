import { parse as parseQuery } from 'node:querystring';
import formbody from '@fastify/formbody';
import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { LIMITS } from '@b2b/contracts/limits';
import { MSG } from '@b2b/contracts/messages';
import { AppError } from './app-error';
import { assertCleanInput } from './input-guard';
import { unflatten } from './unflatten';

export interface UploadedFile {
  field: string;
  filename: string;
  mimetype: string;
  data: Buffer;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** Files of a multipart body, read into memory (each at most LIMITS.uploadMaxBytes). */
    uploads: UploadedFile[];
  }
}

/** Query strings and form bodies arrive flattened (`name[0]`, `name[key]`); one parser unflattens both. */
export const parseFlattened = (text: string) => unflatten(parseQuery(text));

export async function registerBodyParsers(app: FastifyInstance): Promise<void> {
  await app.register(formbody, { parser: parseFlattened, bodyLimit: 1024 * 1024 });
  await app.register(multipart, {
    limits: { fileSize: LIMITS.uploadMaxBytes, files: 20, fields: 2000, fieldSize: 1024 * 1024 },
    throwFileSizeLimit: true,
  });
  app.decorateRequest('uploads', null as unknown as UploadedFile[]);
  app.addHook('preValidation', async (request) => {
    request.uploads = [];
    if (request.isMultipart()) await readMultipart(request);
    assertCleanInput(request);
  });
}

async function readMultipart(request: FastifyRequest): Promise<void> {
  const flat: Record<string, string | string[]> = {};
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        const data = await part.toBuffer();
        if (part.filename) {
          request.uploads.push({ field: part.fieldname, filename: part.filename, mimetype: part.mimetype, data });
        }
      } else {
        const value = String(part.value ?? '');
        const prev = flat[part.fieldname];
        flat[part.fieldname] = prev === undefined ? value : ([] as string[]).concat(prev, value);
      }
    }
  } catch (err) {
    const code = (err as { code?: string }).code ?? '';
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw new AppError('payload_too_large', 413, MSG.fileTooLarge);
    if (code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT') throw new AppError('payload_too_large', 413, MSG.tooManyParts);
    if (code === 'FST_FILES_LIMIT') throw new AppError('payload_too_large', 413, MSG.tooManyFiles);
    throw new AppError('invalid_request', 400, MSG.badRequest);
  }
  (request as { body: unknown }).body = unflatten(flat);
}
