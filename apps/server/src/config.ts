import path from 'node:path';
import { z } from 'zod';

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
});

export type Config = z.infer<typeof schema> & { dataDir: string };

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = schema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid configuration:\n${lines.join('\n')}`);
  }
  return { ...parsed.data, dataDir: path.resolve(parsed.data.DATA_DIR) };
}
