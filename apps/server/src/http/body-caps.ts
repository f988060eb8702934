import type { RouteContract } from '@b2b/contracts/http/route';
import { LIMITS } from '@b2b/contracts/limits';

/** What a route's request body may hold, known before a byte of it is read (issue 37.1). */
export interface BodyCaps {
  /** A form or JSON body. */
  formBytes: number;
  /** A multipart body, all its parts together (the form's cap plus its files'). */
  multipartBytes: number;
  parts: number;
  files: number;
  /** Bytes kept of a file: one more than its route takes, so that the route can say the file is too large. */
  fileBytes: number;
  /**
   * The route reads its body itself, as a raw stream of any media type, and holds its own cap (1C's exchange: a
   * part over file_limit is told as a `failure` line): the parsers' caps leave it alone.
   */
  rawStream?: boolean;
}

/** A route that takes no body, an unknown path, a route outside the contracts: a client's request_id at most. */
export const BODYLESS: BodyCaps = {
  formBytes: LIMITS.bodylessMaxBytes,
  multipartBytes: LIMITS.bodylessMaxBytes,
  parts: 10,
  files: 0,
  fileBytes: 0,
};

/**
 * A route's caps from its contract: 64 KB for a form open to signed-out visitors, 1 MB for any other form, and an
 * upload route's files on top (RouteContract.files).
 */
export function bodyCapsOf(contract: Pick<RouteContract, 'access' | 'body' | 'files'>): BodyCaps {
  if (!contract.body) return BODYLESS;
  const open = contract.access === 'public';
  const formBytes = open ? LIMITS.publicBodyMaxBytes : LIMITS.formBodyMaxBytes;
  const parts = open ? LIMITS.publicBodyMaxParts : LIMITS.formBodyMaxParts;
  const files = contract.files;
  if (!files) return { formBytes, multipartBytes: formBytes, parts, files: 0, fileBytes: 0 };
  return {
    formBytes,
    multipartBytes: formBytes + files.maxFiles * files.maxFileBytes,
    parts: parts + files.maxFiles,
    files: files.maxFiles,
    fileBytes: files.maxFileBytes + 1,
  };
}

/** A raw-stream body of at most `maxBytes`, counted by the route as it reads (BodyCaps.rawStream). */
export const rawStreamCaps = (maxBytes: number): BodyCaps => ({
  formBytes: maxBytes,
  multipartBytes: maxBytes,
  parts: 0,
  files: 0,
  fileBytes: 0,
  rawStream: true,
});
