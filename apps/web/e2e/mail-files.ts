import fs from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The e-mails of the server under test: with no SMTP_URL it writes every message as an .eml file to
 * DATA_DIR/outbox, and the browser tests' server keeps its DATA_DIR in `.e2e-data-<port>` at the repository root
 * (see playwright.config.ts). These helpers find the newest message to an address and read its text.
 */

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

export function outboxDir(port: string | number = process.env.E2E_PORT ?? 3100): string {
  return path.join(root, `.e2e-data-${port}`, 'outbox');
}

export interface MailFile {
  file: string;
  to: string;
  subject: string;
  /** The text/plain body, decoded. */
  text: string;
}

type Headers = Map<string, string>;

function splitMessage(raw: string): { headers: Headers; body: string } {
  const normalised = raw.replace(/\r\n/g, '\n');
  const end = normalised.indexOf('\n\n');
  const head = end === -1 ? normalised : normalised.slice(0, end);
  const body = end === -1 ? '' : normalised.slice(end + 2);
  const headers: Headers = new Map();
  let current: string | null = null;
  for (const line of head.split('\n')) {
    if (/^[ \t]/.test(line) && current) {
      headers.set(current, `${headers.get(current)} ${line.trim()}`);
      continue;
    }
    const colon = line.indexOf(':');
    if (colon <= 0) continue;
    current = line.slice(0, colon).trim().toLowerCase();
    headers.set(current, line.slice(colon + 1).trim());
  }
  return { headers, body };
}

/** Quoted-printable to bytes: soft line breaks removed, =XX decoded. */
export function decodeQuotedPrintable(text: string): Buffer {
  const bytes: number[] = [];
  const input = text.replace(/=\r?\n/g, '');
  for (let i = 0; i < input.length; i++) {
    const hex = input.slice(i + 1, i + 3);
    if (input[i] === '=' && /^[\dA-Fa-f]{2}$/.test(hex)) {
      bytes.push(parseInt(hex, 16));
      i += 2;
    } else {
      bytes.push(...Buffer.from(input[i], 'utf8'));
    }
  }
  return Buffer.from(bytes);
}

function decodeTransfer(body: string, encoding: string | undefined, charset: string): string {
  const enc = (encoding ?? '7bit').toLowerCase();
  const bytes =
    enc === 'base64'
      ? Buffer.from(body.replace(/\s+/g, ''), 'base64')
      : enc === 'quoted-printable'
        ? decodeQuotedPrintable(body)
        : Buffer.from(body, 'utf8');
  return new TextDecoder(charset || 'utf-8').decode(bytes);
}

/** RFC 2047 encoded words (=?UTF-8?B?…?= and =?UTF-8?Q?…?=) of a header. */
export function decodeHeader(value: string): string {
  return value
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?([^?]+)\?([BbQq])\?([^?]*)\?=/g, (_, charset: string, kind: string, data: string) =>
      kind.toUpperCase() === 'B'
        ? new TextDecoder(charset).decode(Buffer.from(data, 'base64'))
        : new TextDecoder(charset).decode(decodeQuotedPrintable(data.replace(/_/g, ' '))),
    );
}

const param = (header: string | undefined, name: string) => header?.match(new RegExp(`${name}\\s*=\\s*"?([^";]+)"?`, 'i'))?.[1];

/** The first text/plain part of a message (or of a part), decoded; null when there is none. */
function plainText(headers: Headers, body: string): string | null {
  const type = headers.get('content-type') ?? 'text/plain; charset=utf-8';
  if (/^multipart\//i.test(type)) {
    const boundary = param(type, 'boundary');
    if (!boundary) return null;
    const parts = body.split(`--${boundary}`).slice(1);
    for (const part of parts) {
      if (part.startsWith('--')) break;
      const nested = splitMessage(part.replace(/^\n/, ''));
      const text = plainText(nested.headers, nested.body);
      if (text !== null) return text;
    }
    return null;
  }
  if (!/^text\/plain/i.test(type)) return null;
  return decodeTransfer(body, headers.get('content-transfer-encoding'), param(type, 'charset') ?? 'utf-8');
}

export function parseMail(raw: string, file = ''): MailFile {
  const { headers, body } = splitMessage(raw);
  return {
    file,
    to: decodeHeader(headers.get('to') ?? ''),
    subject: decodeHeader(headers.get('subject') ?? ''),
    text: (plainText(headers, body) ?? '').replace(/\r\n/g, '\n'),
  };
}

async function listMailFiles(dir: string): Promise<string[]> {
  try {
    return (await fs.readdir(dir)).filter((name) => name.endsWith('.eml')).sort();
  } catch {
    return [];
  }
}

/** The names of the messages written so far: pass them to waitForMail to wait for a newer one. */
export async function mailFilesNow(dir = outboxDir()): Promise<Set<string>> {
  return new Set(await listMailFiles(dir));
}

const addressOf = (to: string) => (to.match(/<([^>]+)>/)?.[1] ?? to).trim().toLowerCase();

/**
 * The newest message to `to` (optionally with a subject matching `subject`, and not among `after`), waiting for
 * the mail job to write it. The file names begin with the zero-padded outbox id, so the last one is the newest.
 */
export async function waitForMail(
  to: string,
  options: { subject?: RegExp; after?: Set<string>; timeoutMs?: number; dir?: string } = {},
): Promise<MailFile> {
  const dir = options.dir ?? outboxDir();
  const deadline = Date.now() + (options.timeoutMs ?? 20_000);
  const address = to.toLowerCase();
  for (;;) {
    const names = (await listMailFiles(dir)).filter((name) => !options.after?.has(name)).reverse();
    for (const name of names) {
      const mail = parseMail(await fs.readFile(path.join(dir, name), 'utf8'), path.join(dir, name));
      if (addressOf(mail.to) === address && (!options.subject || options.subject.test(mail.subject))) return mail;
    }
    if (Date.now() > deadline) throw new Error(`no e-mail to ${to} in ${dir}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

/** The password of an employee credentials message (Пароль: …). */
export function passwordFrom(mail: MailFile): string {
  const password = mail.text.match(/Пароль:\s*(\S+)/)?.[1];
  if (!password) throw new Error(`no password in ${mail.file}`);
  return password;
}

/**
 * The /login link of a message, as a path and query of this site: the server builds it from PUBLIC_URL, which
 * need not be the address the tests run at.
 */
export function loginLinkFrom(mail: MailFile): string {
  const link = mail.text.match(/https?:\/\/\S+\/login\?\S+/)?.[0];
  if (!link) throw new Error(`no /login link in ${mail.file}`);
  const url = new URL(link);
  return url.pathname + url.search;
}
