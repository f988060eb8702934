import type { FastifyInstance } from 'fastify';
import type { Db } from '@/db/database';
import { zipOf, zipPart } from '@/files/spreadsheet-test-files';
// A test kit arranging what the settings screen saves, with the sign-in's own hash.
// eslint-disable-next-line no-restricted-imports
import { hashPassword } from '../auth/passwords';

/*
 * Test kit: a client that speaks to the site as 1C:Enterprise's «Обмен с сайтом» does (УТ 11 / КА / ERP, the
 * public protocol description): checkauth with HTTP Basic, then the cookie it was given on every call; init to learn
 * zip and file_limit; each file POSTed raw in parts of file_limit (zipped first when the site said zip=yes and the
 * caller asks); import polled while the answer is `progress`; the sale query, success, and 1C's orders document
 * sent back as file + import. Every answer is returned as it came, for the tests to hold to.
 */

export interface ExchangeReply {
  status: number;
  contentType: string;
  /** The body's bytes as sent. */
  raw: Buffer;
  /** The body as text in the charset of its Content-Type. */
  text: string;
  lines: string[];
}

export interface ImportOutcome {
  result: 'success' | 'failure';
  /** The failure's reason (its second line). */
  reason?: string;
  /** The texts of the `progress` answers polled, in order. */
  progress: string[];
}

export interface Exchange1cClientOptions {
  app: FastifyInstance;
  login: string;
  password: string;
  /** /exchange/1c unless given (1C's default is /bitrix/admin/1c_exchange.php). */
  path?: string;
  /** Ask for windows-1251 answers, as a 1C configured so does (Accept-Charset). */
  charset?: 'windows-1251';
  /** The caller's address (the sign-in limit counts by it too). */
  address?: string;
  /** Between two polls of an import: runs the job queue in tests that drive it themselves. */
  betweenPolls?: () => Promise<void>;
  /** Polls of one import before giving up. */
  maxPolls?: number;
  /** Parts smaller than file_limit (a test's small file sent in several parts, as a large one would be). */
  partBytes?: number;
}

export function decodeAnswer(raw: Buffer, contentType: string): string {
  const charset = /charset=([\w-]+)/i.exec(contentType)?.[1]?.toLowerCase() ?? 'utf-8';
  return new TextDecoder(charset).decode(raw);
}

/** A zip of files as 1C packs its exchange (deflated entries, UTF-8 names). */
export const zipFiles = (files: { name: string; data: Buffer | string }[]) => zipOf(files.map((f) => zipPart(f.name, f.data)));

/** Arrange: the partner's exchange account (what the settings screen saves), its price mapping kept. */
export async function setExchangeAccount(db: Db, partnerId: number, login: string, password: string): Promise<void> {
  const password_hash = await hashPassword(password);
  await db
    .insertInto('exchange_1c_settings')
    .values({ partner_id: partnerId, login, password_hash, price_map: '[]', price_types_seen: '[]' })
    .onConflict((oc) => oc.column('partner_id').doUpdateSet({ login, password_hash }))
    .execute();
}

export function exchange1cClient(opts: Exchange1cClientOptions) {
  const base = opts.path ?? '/exchange/1c';
  let cookie: { name: string; value: string } | undefined;
  let fileLimit = 0;
  let zip = false;

  async function call(
    type: string,
    mode: string,
    extra: { filename?: string; body?: Buffer; headers?: Record<string, string>; query?: Record<string, string> } = {},
  ): Promise<ExchangeReply> {
    const query = new URLSearchParams({ type, mode, ...(extra.filename ? { filename: extra.filename } : {}), ...extra.query });
    const res = await opts.app.inject({
      method: extra.body ? 'POST' : 'GET',
      url: `${base}?${query}`,
      headers: {
        'user-agent': '1C+Enterprise/8.3',
        ...(cookie ? { cookie: `${cookie.name}=${cookie.value}` } : {}),
        ...(opts.charset ? { 'accept-charset': opts.charset } : {}),
        ...(extra.body ? { 'content-type': 'application/octet-stream' } : {}),
        ...extra.headers,
      },
      ...(extra.body ? { payload: extra.body } : {}),
      ...(opts.address ? { remoteAddress: opts.address } : {}),
    });
    const contentType = String(res.headers['content-type'] ?? '');
    const raw = res.rawPayload;
    const text = decodeAnswer(raw, contentType);
    return { status: res.statusCode, contentType, raw, text, lines: text.split('\n') };
  }

  const client = {
    call,
    get cookie() {
      return cookie;
    },
    get fileLimit() {
      return fileLimit;
    },

    /** mode=checkauth with Basic auth: on success keeps the cookie for the calls after it. */
    async checkauth(type: 'catalog' | 'sale' = 'catalog', password = opts.password): Promise<ExchangeReply> {
      const basic = Buffer.from(`${opts.login}:${password}`, 'utf8').toString('base64');
      const reply = await call(type, 'checkauth', { headers: { authorization: `Basic ${basic}` } });
      if (reply.lines[0] === 'success') cookie = { name: reply.lines[1], value: reply.lines[2] };
      return reply;
    },

    /** mode=init: learns zip and file_limit. */
    async init(type: 'catalog' | 'sale' = 'catalog'): Promise<ExchangeReply> {
      const reply = await call(type, 'init');
      for (const line of reply.lines) {
        const [key, value] = line.split('=');
        if (key === 'zip') zip = value === 'yes';
        if (key === 'file_limit') fileLimit = Number(value);
      }
      return reply;
    },

    /** mode=file: the file in parts of file_limit, each answered; stops at the first part not answered success. */
    async sendFile(type: 'catalog' | 'sale', filename: string, data: Buffer): Promise<ExchangeReply[]> {
      const part = Math.min(opts.partBytes ?? Infinity, fileLimit || Infinity, Math.max(1, data.length));
      const replies: ExchangeReply[] = [];
      for (let at = 0; at < Math.max(1, data.length); at += part) {
        const reply = await call(type, 'file', { filename, body: data.subarray(at, at + part) });
        replies.push(reply);
        if (reply.lines[0] !== 'success') break;
      }
      return replies;
    },

    /** mode=import, asked again while the answer is `progress`. */
    async importFile(type: 'catalog' | 'sale', filename: string): Promise<ImportOutcome> {
      const progress: string[] = [];
      for (let poll = 0; poll < (opts.maxPolls ?? 300); poll++) {
        const reply = await call(type, 'import', { filename });
        if (reply.lines[0] === 'success') return { result: 'success', progress };
        if (reply.lines[0] === 'failure') return { result: 'failure', reason: reply.lines[1], progress };
        if (reply.lines[0] !== 'progress') throw new Error(`import ${filename}: unexpected answer ${reply.status} ${reply.text}`);
        progress.push(reply.lines[1]);
        if (opts.betweenPolls) await opts.betweenPolls();
        else await new Promise((resolve) => setTimeout(resolve, 50));
      }
      throw new Error(`import ${filename}: still in progress after ${opts.maxPolls ?? 300} polls`);
    },

    /**
     * A full catalogue exchange as 1C runs it: checkauth, init, the files (in one zip when `zipped` and the site
     * takes zips, else one by one), then the import of each XML in order (import before offers), then complete.
     */
    async catalogExchange(files: { name: string; data: Buffer }[], options: { zipped?: boolean } = {}) {
      const auth = await client.checkauth('catalog');
      if (auth.lines[0] !== 'success') throw new Error(`checkauth: ${auth.text}`);
      await client.init('catalog');
      if (options.zipped && zip) {
        const replies = await client.sendFile('catalog', 'exchange.zip', zipFiles(files));
        if (replies.at(-1)!.lines[0] !== 'success') throw new Error(`file exchange.zip: ${replies.at(-1)!.text}`);
      } else {
        for (const f of files) {
          const replies = await client.sendFile('catalog', f.name, f.data);
          if (replies.at(-1)!.lines[0] !== 'success') throw new Error(`file ${f.name}: ${replies.at(-1)!.text}`);
        }
      }
      const imports: Record<string, ImportOutcome> = {};
      for (const f of files.filter((f) => f.name.toLowerCase().endsWith('.xml'))) imports[f.name] = await client.importFile('catalog', f.name);
      await call('catalog', 'complete');
      return imports;
    },

    /** type=sale: checkauth, init, query; the orders document as sent. */
    async saleQuery(): Promise<ExchangeReply> {
      const auth = await client.checkauth('sale');
      if (auth.lines[0] !== 'success') throw new Error(`checkauth: ${auth.text}`);
      await client.init('sale');
      return call('sale', 'query');
    },

    saleSuccess: () => call('sale', 'success'),

    /** 1C's orders document back: file (in parts) and import, polled. */
    async sendOrders(filename: string, data: Buffer): Promise<ImportOutcome> {
      const replies = await client.sendFile('sale', filename, data);
      if (replies.at(-1)!.lines[0] !== 'success') return { result: 'failure', reason: replies.at(-1)!.lines[1], progress: [] };
      return client.importFile('sale', filename);
    },
  };
  return client;
}

export type Exchange1cClient = ReturnType<typeof exchange1cClient>;
