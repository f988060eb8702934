import path from 'node:path';
import { z } from 'zod';
import type { S3Settings } from './files/s3-blob-store';

const schema = z.object({
  PORT: z.coerce.number().int().min(1).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z.string().url().optional(),
  SMTP_URL: z.string().optional(),
  MAIL_FROM: z.string().default('B2B Опт <no-reply@b2b.local>'),
  PUBLIC_URL: z.string().default('http://localhost:3000'),
  WEB_DIST: z.string().optional(),
  ACCESS_TOKEN_TTL: z.coerce.number().int().positive().default(3600),
  REFRESH_TOKEN_TTL: z.coerce
    .number()
    .int()
    .positive()
    .default(30 * 24 * 3600),
  OAUTH_CLIENT_ID: z.string().default('web'),
  OAUTH_CLIENT_SECRET: z.string().default('web-secret'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  SEED_DEMO: z.enum(['auto', 'never']).default('auto'),
  /**
   * Server processes on PostgreSQL (server-processes.ts): `auto` one per core (at most 8), else a number from 1 to 64.
   * The embedded database is one process: it takes `auto` as 1 and refuses more.
   */
  SERVER_PROCESSES: z.union([z.literal('auto'), z.coerce.number().int().min(1).max(64)]).default('auto'),
  /**
   * A data statement that takes at least this many milliseconds is logged (warn: its duration and its text, never its
   * parameters, so no value typed by a user or a secret reaches the log); 0 logs none.
   */
  SLOW_STATEMENT_MS: z.coerce.number().int().min(0).default(1000),
  /** /v3/api/docs: `staff` (signed-in partner staff and managers only) or `public`. */
  API_DOCS: z.enum(['staff', 'public']).default('staff'),
  /**
   * Which proxy may tell the client's address (X-Forwarded-For): unset trusts none, `true` any, a number that many
   * hops, else a comma-separated list of addresses or CIDR ranges. Trusting a forged header would let anyone reset
   * the per-address sign-in limits.
   */
  TRUST_PROXY: z
    .string()
    .optional()
    .transform((v): boolean | number | string => {
      const text = v?.trim() ?? '';
      if (!text || text === 'false') return false;
      if (text === 'true') return true;
      return /^\d+$/.test(text) ? Number(text) : text;
    }),
  /**
   * Files in an S3-compatible store instead of DATA_DIR (issue 42): `S3_URL=https://KEY:SECRET@host/bucket/prefix`
   * (`?region=…&path_style=true`), or the parts one by one. Unset: the local folder.
   */
  S3_URL: z.string().url().optional(),
  S3_ENDPOINT: z.string().url().optional(),
  S3_BUCKET: z.string().min(3).optional(),
  S3_REGION: z.string().default('us-east-1'),
  S3_PREFIX: z.string().default(''),
  S3_ACCESS_KEY_ID: z.string().optional(),
  S3_SECRET_ACCESS_KEY: z.string().optional(),
  S3_FORCE_PATH_STYLE: z.enum(['true', 'false', '1', '0']).optional(),
});

export type Config = z.infer<typeof schema> & { dataDir: string; s3?: S3Settings };

const truthy = (v: string | null | undefined) => v === 'true' || v === '1';
/** A prefix as keys take it: no leading slash, one trailing slash (or none at all). */
const folder = (prefix: string) => {
  const trimmed = prefix.replace(/^\/+|\/+$/g, '');
  return trimmed ? `${trimmed}/` : '';
};

/** The S3 store the settings name, or undefined for the local folder. Throws on a half-given one. */
function s3Of(c: z.infer<typeof schema>): S3Settings | undefined {
  if (c.S3_URL) {
    const url = new URL(c.S3_URL);
    const [bucket, ...rest] = url.pathname.replace(/^\//, '').split('/');
    if (!bucket) throw new Error('Invalid configuration:\nS3_URL: the bucket is missing (https://KEY:SECRET@host/bucket)');
    if (Boolean(url.username) !== Boolean(url.password)) {
      throw new Error('Invalid configuration:\nS3_URL: give both the key and the secret (https://KEY:SECRET@host/bucket) or neither');
    }
    const credentials = url.username
      ? { accessKeyId: decodeURIComponent(url.username), secretAccessKey: decodeURIComponent(url.password) }
      : undefined;
    const pathStyle = url.searchParams.get('path_style');
    return {
      endpoint: `${url.protocol}//${url.host}`,
      bucket,
      region: url.searchParams.get('region') ?? c.S3_REGION,
      prefix: folder(rest.join('/') || c.S3_PREFIX),
      forcePathStyle: pathStyle === null ? true : truthy(pathStyle),
      credentials,
    };
  }
  if (!c.S3_BUCKET) {
    if (c.S3_ENDPOINT) throw new Error('Invalid configuration:\nS3_BUCKET: required with S3_ENDPOINT');
    return undefined;
  }
  // One key without the other would silently fall back to the SDK's own chain (another identity, or none).
  if (Boolean(c.S3_ACCESS_KEY_ID) !== Boolean(c.S3_SECRET_ACCESS_KEY)) {
    throw new Error('Invalid configuration:\nS3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY: give both or neither');
  }
  const credentials =
    c.S3_ACCESS_KEY_ID && c.S3_SECRET_ACCESS_KEY ? { accessKeyId: c.S3_ACCESS_KEY_ID, secretAccessKey: c.S3_SECRET_ACCESS_KEY } : undefined;
  return {
    endpoint: c.S3_ENDPOINT,
    bucket: c.S3_BUCKET,
    region: c.S3_REGION,
    prefix: folder(c.S3_PREFIX),
    // An endpoint of its own is a self-hosted store (MinIO, Ceph): path-style unless told otherwise; AWS: virtual hosts.
    forcePathStyle: c.S3_FORCE_PATH_STYLE ? truthy(c.S3_FORCE_PATH_STYLE) : Boolean(c.S3_ENDPOINT),
    credentials,
  };
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = schema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid configuration:\n${lines.join('\n')}`);
  }
  return { ...parsed.data, dataDir: path.resolve(parsed.data.DATA_DIR), s3: s3Of(parsed.data) };
}
