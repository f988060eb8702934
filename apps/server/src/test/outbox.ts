import fs from 'node:fs';
import path from 'node:path';
import type { TestApp } from './test-app';

export interface SentMail {
  file: string;
  to: string;
  subject: string;
  /** The decoded plain-text body. */
  text: string;
}

/** Delivers the queued mail and reads the .eml files of the outbox back (newest last). */
export async function readOutbox(t: TestApp): Promise<SentMail[]> {
  await t.app.services.jobs.runUntilIdle();
  const dir = path.join(t.dataDir, 'outbox');
  if (!fs.existsSync(dir)) return [];
  const rows = await t.database.db
    .selectFrom('mail_outbox')
    .select(['to_address', 'subject', 'text_body', 'eml_path'])
    .where('status', '=', 'SENT')
    .orderBy('id')
    .execute();
  return rows
    .filter((r) => r.eml_path && fs.existsSync(r.eml_path))
    .map((r) => {
      const eml = fs.readFileSync(r.eml_path!, 'utf8');
      const to = /^To: (.+)$/m.exec(eml)?.[1]?.trim() ?? '';
      return { file: r.eml_path!, to, subject: r.subject, text: decodeTextPart(eml) };
    });
}

/** The text/plain part of a nodemailer message (quoted-printable or base64). */
function decodeTextPart(eml: string): string {
  const m = /Content-Type: text\/plain[^\n]*\n(?:Content-Transfer-Encoding: ([\w-]+)\n)?\n([\s\S]*?)\n--/i.exec(eml);
  if (!m) return '';
  const [, encoding = '7bit', body] = m;
  if (/base64/i.test(encoding)) return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  if (/quoted-printable/i.test(encoding)) {
    const bytes = body.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/gi, (_, h) => String.fromCharCode(parseInt(h, 16)));
    return Buffer.from(bytes, 'latin1').toString('utf8');
  }
  return body;
}

export function lastMailTo(mails: SentMail[], to: string): SentMail {
  const mail = [...mails].reverse().find((m) => m.to.includes(to));
  if (!mail) throw new Error(`no mail to ${to} in ${mails.map((m) => m.to).join(', ')}`);
  return mail;
}
