import { z } from 'zod';
import '../zod-locale';

/**
 * The value types of a form body as the wire carries them (ARCHITECTURE §4). The web's encoding flattens a list
 * to name[0]=…, an object to name[key]=…, a boolean to Y/N; the server unflattens the body before its schema runs,
 * so a schema sees strings, arrays and objects, and refuses any other shape (an array where a text is expected,
 * a map where a list is) instead of guessing.
 */

/** A text, trimmed. */
export const formText = z.string().trim();

const YES = ['y', '1', 'true', 'on'];
const NO = ['n', '0', 'false', 'off', ''];

/** A flag: Y or N (also 1/0, true/false, on/off; empty is N), or a boolean; anything else is refused. */
export const formFlag = z.union([
  z.boolean(),
  z
    .string()
    .trim()
    .toLowerCase()
    .pipe(z.enum([...YES, ...NO]))
    .transform((v) => YES.includes(v)),
]);

/**
 * A list of texts: name[0]=…, name[1]=… (trimmed, in payload order), or one value; an empty value is an empty
 * list (an empty list is left out by the web's encoding, so "absent" and "empty" are told apart by the route).
 */
export const formList = z.union([z.array(formText), formText]).transform((v) => (Array.isArray(v) ? v : v ? [v] : []));

/** A list of objects: name[0][KEY]=…, in payload order. */
export const formRows = <S extends z.ZodRawShape>(shape: S) => z.array(z.object(shape));

/**
 * A list saved whole: name[0][KEY]=… rows, or name='' for an empty one (the web's encoding leaves an empty array
 * out, so '' is how a form says "none"); parsed to the rows, [] for ''. Absent stays undefined with .optional().
 */
export const formWholeRows = <S extends z.ZodRawShape>(shape: S) => z.union([formRows(shape), z.literal('')]).transform((v) => (v === '' ? [] : v));

/** What the web puts in a body for a file: a File or Blob, sent as a multipart part. */
export interface FormFile {
  readonly size: number;
  readonly type: string;
}

const isBlob = (v: unknown) => {
  const Blob = (globalThis as { Blob?: abstract new (...args: never[]) => object }).Blob;
  return Blob !== undefined && v instanceof Blob;
};

/**
 * A file part of a multipart body. The server reads files into request.uploads, never into the body, so on the
 * server any value under a file's name (a text, a JSON object) is refused; the contract lists files for the web's
 * types and the docs.
 */
export const formFile = z.custom<FormFile>(isBlob).meta({ type: 'string', format: 'binary' });

/** The media type of each kind of file the server stores or writes (the server's file sniffer names kinds by them). */
export const MEDIA_TYPES = {
  jpeg: 'image/jpeg',
  png: 'image/png',
  pdf: 'application/pdf',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  odt: 'application/vnd.oasis.opendocument.text',
  ods: 'application/vnd.oasis.opendocument.spreadsheet',
  ots: 'application/vnd.oasis.opendocument.spreadsheet-template',
  doc: 'application/msword',
  xls: 'application/vnd.ms-excel',
  csv: 'text/csv',
} as const;

/** A stored file of any kind (uploads, exports, pictures, documents): a file answer's `answerType`. */
export const STORED_FILE_TYPES: readonly string[] = Object.values(MEDIA_TYPES);

/** The bytes of a downloaded file (a stream on the server, a Blob on the web), documented as binary. */
export const fileBytes = z.unknown().meta({ type: 'string', format: 'binary', description: 'The file itself, with its content type' });
