import { createWriteStream } from 'node:fs';
import fs from 'node:fs/promises';
import { parse as parseQuery } from 'node:querystring';
import type { Socket } from 'node:net';
import { Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import Busboy, { type BusboyHeaders, type BusboyInstance } from '@fastify/busboy';
import formbody from '@fastify/formbody';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { LIMITS } from '@b2b/contracts/limits';
import { MSG } from '@b2b/contracts/messages';
import { scratchFile } from '@/files/blob-store';
import { AppError, badRequest } from './app-error';
import { BODYLESS, type BodyCaps } from './body-caps';
import { assertCleanInput } from './input-guard';
import { jsonNestsDeeperThan } from './json-depth';
import { unflatten } from './unflatten';

/**
 * A file of a multipart body, spooled to a scratch file under DATA_DIR/tmp as it arrived (never whole in memory).
 * The file is the request's: it is removed when the request ends, whatever the route did; a route stores it through
 * the file store (files.saveUpload), which copies it.
 */
export interface UploadedFile {
  field: string;
  filename: string;
  mimetype: string;
  /** The scratch file's absolute path. */
  path: string;
  /** Its bytes: at most its route's RouteContract.files.maxFileBytes + 1 (a larger file is kept cut there). */
  size: number;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** Files of a multipart body, spooled to scratch files (UploadedFile). */
    uploads: UploadedFile[];
  }
  interface FastifyContextConfig {
    /** What the route's body may hold (body-caps.ts); a route without them takes none. */
    bodyCaps?: BodyCaps;
  }
}

/** Query strings and form bodies arrive flattened (`name[0]`, `name[key]`); one parser unflattens both. */
export const parseFlattened = (text: string) => unflatten(parseQuery(text));

const capsOf = (request: FastifyRequest): BodyCaps => request.routeOptions.config?.bodyCaps ?? BODYLESS;
const hasBody = (request: FastifyRequest) => request.headers['transfer-encoding'] !== undefined || Number(request.headers['content-length'] ?? 0) > 0;
const isMultipart = (request: FastifyRequest) => /^multipart\/form-data/i.test(request.headers['content-type'] ?? '');
const limitOf = (request: FastifyRequest) => (isMultipart(request) ? capsOf(request).multipartBytes : capsOf(request).formBytes);

/**
 * Past a cap the answer is 413 and the connection closes after it: what the client still sends is never read.
 * (Fastify closes the connection on a parser's error itself; a hook's error needs the header.)
 */
function tooLarge(reply: FastifyReply, message: string = MSG.requestTooLarge): AppError {
  reply.header('connection', 'close');
  return new AppError('payload_too_large', 413, message);
}

/** How long a connection refused for its body stays half-open after the answer, so that the client reads it. */
const LINGER_MS = 2000;

/**
 * Node closes a `connection: close` answer's socket at once (destroySoon): with the client's body still arriving,
 * the kernel then resets the connection and the client may lose the answer it was sent. Instead the socket stops
 * reading, sends its end after the answer and is destroyed when the client closes, or after LINGER_MS.
 */
function lingerOnClose(socket: Socket): void {
  if (typeof socket.destroySoon !== 'function') return; // a test's injected request
  socket.destroySoon = () => {
    socket.pause();
    socket.end();
    setTimeout(() => socket.destroy(), LINGER_MS).unref();
  };
}

/** Passes a body through while it stays within `limit` bytes; past it, fails the stream with `error`. */
function byteCap(limit: number, error: () => Error): Transform {
  let received = 0;
  return new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      received += chunk.length;
      if (received > limit) callback(error());
      else callback(null, chunk);
    },
  });
}

/**
 * Every request body is bounded before it is read (issue 37.1): its route's caps (body-caps.ts) decide; an unknown
 * path or a GET answers without reading one; a declared length over the cap answers 413 at once, a chunked body
 * when it passes the cap. Multipart bodies are read part by part with caps on the parts, the files and each file;
 * JSON bodies are refused past a nesting depth before they are parsed.
 */
export async function registerBodyParsers(app: FastifyInstance, dataDir: string): Promise<void> {
  await app.register(formbody, { parser: parseFlattened });
  const json = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    if (jsonNestsDeeperThan(body as string, LIMITS.jsonMaxDepth)) return done(badRequest(MSG.badRequest), undefined);
    json(request, body as string, done);
  });
  app.addContentTypeParser('multipart/form-data', (request, payload, done) => {
    readMultipart(request, payload, capsOf(request), spoolOf(request, dataDir)).then(
      (body) => done(null, body),
      (err: Error) => done(err, undefined),
    );
  });

  app.decorateRequest('uploads', null as unknown as UploadedFile[]);
  // The first hook of every request, before the route's own (its rate limit's database round trip, its access).
  app.addHook('onRequest', async (request, reply) => {
    if (!hasBody(request)) return;
    if (request.is404) {
      reply.header('connection', 'close');
      return reply.status(404).send({ error: 'not_found', error_description: MSG.notFound });
    }
    // Fastify reads no body of a GET: the connection closes after the answer instead of draining it.
    if (request.method === 'GET' || request.method === 'HEAD') return void reply.header('connection', 'close');
    if (capsOf(request).rawStream) return;
    if (Number(request.headers['content-length']) > limitOf(request)) throw tooLarge(reply);
  });
  // Node's parser delivers no more than a declared length: only a chunked body needs counting as it comes.
  app.addHook('preParsing', async (request, reply, payload) => {
    if (request.headers['transfer-encoding'] === undefined || request.method === 'GET' || request.method === 'HEAD') return payload;
    if (capsOf(request).rawStream) return payload;
    return payload.pipe(byteCap(limitOf(request), () => tooLarge(reply)));
  });
  app.addHook('onSend', async (request, reply, payload) => {
    if (reply.getHeader('connection') === 'close') lingerOnClose(request.raw.socket);
    return payload;
  });
  app.addHook('preValidation', async (request) => {
    request.uploads ??= [];
    assertCleanInput(request);
  });
  // The request's scratch files go when it ends: answered (whatever the route did), or abandoned by the client.
  app.addHook('onResponse', async (request) => removeSpool(request));
  app.addHook('onRequestAbort', async (request) => removeSpool(request));
}

/** The scratch files of one request's uploads. */
interface Spool {
  dataDir: string;
  /** Set once the request ended: a part still arriving is read away, not written. */
  closed: boolean;
  files: { path?: string; part: Readable; written: Promise<void> }[];
}

const spools = new WeakMap<FastifyRequest, Spool>();

function spoolOf(request: FastifyRequest, dataDir: string): Spool {
  let spool = spools.get(request);
  if (!spool) spools.set(request, (spool = { dataDir, closed: false, files: [] }));
  return spool;
}

/**
 * Removes the spool's files: a part still being written is stopped first, and each file is removed once its write
 * stream has closed (removed earlier, a write stream still opening would create it again).
 */
async function removeFiles(spool: Spool): Promise<void> {
  spool.closed = true;
  const files = spool.files.splice(0);
  for (const f of files) f.part.destroy();
  await Promise.all(
    files.map(async (f) => {
      await f.written;
      if (f.path) await fs.rm(f.path, { force: true });
    }),
  );
}

async function removeSpool(request: FastifyRequest): Promise<void> {
  const spool = spools.get(request);
  if (!spool) return;
  await removeFiles(spool).catch((err: unknown) => request.log.warn({ err }, "an upload's scratch file was not removed"));
}

/** Writes a file part to a new scratch file as it arrives; the part waits while the disk is slower (pipeline). */
function spoolPart(spool: Spool, part: Readable): Promise<{ path: string; size: number }> {
  const entry: Spool['files'][number] = { part, written: Promise.resolve() };
  const written = (async () => {
    const file = await scratchFile(spool.dataDir, '.upload');
    entry.path = file;
    if (spool.closed) {
      part.resume();
      throw new Error('the request ended');
    }
    const out = createWriteStream(file);
    await pipeline(part, out);
    return { path: file, size: out.bytesWritten };
  })();
  entry.written = written.then(
    () => {},
    () => {},
  );
  spool.files.push(entry);
  return written;
}

/** A multipart body's fields (unflattened) and files (spooled, into request.uploads), within the route's caps. */
function readMultipart(request: FastifyRequest, payload: Readable, caps: BodyCaps, spool: Spool): Promise<Record<string, unknown>> {
  return new Promise((resolve, reject) => {
    let parser: BusboyInstance;
    try {
      parser = Busboy({
        headers: request.headers as BusboyHeaders,
        limits: { fieldSize: caps.formBytes, fields: caps.parts, files: caps.files, fileSize: caps.fileBytes, parts: caps.parts, headerPairs: 20 },
      });
    } catch {
      return reject(badRequest(MSG.badRequest));
    }
    const flat: Record<string, string | string[]> = {};
    // In the body's order, whichever write ends first.
    const uploads: (UploadedFile | undefined)[] = [];
    let openFiles = 0;
    let finished = false;
    let settled = false;
    // A failed body's files are removed before the answer goes (the request's end would remove them too).
    const fail = (err: Error) => {
      if (settled) return;
      settled = true;
      payload.unpipe(parser);
      removeFiles(spool).then(
        () => reject(err instanceof AppError ? err : badRequest(MSG.badRequest)),
        () => reject(err instanceof AppError ? err : badRequest(MSG.badRequest)),
      );
    };
    const settle = () => {
      if (settled || !finished || openFiles > 0) return;
      settled = true;
      request.uploads = uploads.filter((u) => u !== undefined);
      resolve(unflatten(flat));
    };
    const over = (message: string) => fail(new AppError('payload_too_large', 413, message));
    parser.on('field', (name, value, _nameTruncated, valueTruncated) => {
      if (valueTruncated) return over(MSG.requestTooLarge);
      const prev = flat[name];
      flat[name] = prev === undefined ? value : ([] as string[]).concat(prev, value);
    });
    parser.on('file', (name, file, filename, _encoding, mimetype) => {
      // Listened to at once, whatever becomes of the part: a body cut short makes every open part emit an error
      // ("Part terminated early"), which unheard would end the process (read away, or while its scratch file opens).
      file.on('error', fail);
      // A part without a file name is no file: read away. So is any part once the body failed.
      if (!filename || settled) return void file.resume();
      openFiles++;
      const slot = uploads.push(undefined) - 1;
      // Past its cap the file is kept cut (busboy reads the rest away): the route names it too large.
      spoolPart(spool, file).then(
        ({ path, size }) => {
          openFiles--;
          uploads[slot] = { field: name, filename, mimetype, path, size };
          settle();
        },
        (err: Error) => fail(err),
      );
    });
    parser.on('partsLimit', () => over(MSG.tooManyParts));
    parser.on('fieldsLimit', () => over(MSG.tooManyParts));
    parser.on('filesLimit', () => (caps.files ? over(MSG.tooManyFiles) : fail(badRequest(MSG.badRequest))));
    parser.on('error', fail);
    parser.on('finish', () => {
      finished = true;
      settle();
    });
    payload.on('error', fail);
    payload.pipe(parser);
  });
}
