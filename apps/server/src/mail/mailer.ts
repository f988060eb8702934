import fs from 'node:fs/promises';
import path from 'node:path';
import nodemailer, { type Transporter } from 'nodemailer';
import type { Db } from '@/db/database';
import type { JobQueue } from '@/jobs/job-queue';
import { mailRepo } from './mail.repo';

export interface MailMessage {
  partnerId: number | null;
  to: string;
  /** What the message is, e.g. "order.completed"; part of the .eml file name. */
  template: string;
  subject: string;
  text: string;
  html?: string;
}

export interface MailerOptions {
  dataDir: string;
  smtpUrl?: string;
  from: string;
}

export const MAIL_JOB = 'mail.send';

/**
 * Every e-mail goes through here: the message is stored in mail_outbox (inside the caller's transaction when
 * given one, so it exists exactly when the change that caused it does) and a durable job delivers it —
 * over SMTP when SMTP_URL is set, otherwise as an .eml file in DATA_DIR/outbox. A failed delivery retries.
 */
export function createMailer(db: Db, jobs: JobQueue, opts: MailerOptions) {
  const outboxDir = path.join(opts.dataDir, 'outbox');
  const transport: Transporter = opts.smtpUrl
    ? nodemailer.createTransport(opts.smtpUrl)
    : nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });

  jobs.register(MAIL_JOB, async (payload) => {
    const repo = mailRepo(db);
    const row = await repo.find(Number(payload.outboxId));
    if (!row || row.status === 'SENT') return { skipped: true };
    await repo.attempt(row.id);
    try {
      const info = await transport.sendMail({
        from: opts.from,
        to: row.to_address,
        subject: row.subject,
        text: row.text_body,
        html: row.html_body ?? undefined,
        headers: { 'X-B2B-Template': row.template },
      });
      let emlPath: string | null = null;
      if (!opts.smtpUrl) {
        await fs.mkdir(outboxDir, { recursive: true });
        emlPath = path.join(outboxDir, `${String(row.id).padStart(6, '0')}-${row.template.replace(/[^\w.-]/g, '_')}.eml`);
        await fs.writeFile(emlPath, (info as unknown as { message: Buffer }).message);
      }
      await repo.sent(row.id, info.messageId ?? null, emlPath);
      return { messageId: info.messageId, emlPath };
    } catch (err) {
      await repo.error(row.id, err instanceof Error ? err.message : String(err));
      throw err;
    }
  });

  return {
    outboxDir,
    /** Writes the mail to the outbox in `trx` (the transaction of the change it tells about) and queues its delivery. */
    async send(message: MailMessage, trx: Db): Promise<number> {
      const id = await mailRepo(trx).insert(message);
      await jobs.enqueue(trx, MAIL_JOB, { outboxId: id }, { partnerId: message.partnerId, maxAttempts: 8 });
      return id;
    },
  };
}

export type Mailer = ReturnType<typeof createMailer>;
