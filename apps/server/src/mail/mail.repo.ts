import type { Db } from '@/db/database';
import type { MailMessage } from './mailer';

export function mailRepo(db: Db) {
  return {
    insert: async (m: MailMessage) =>
      (
        await db
          .insertInto('mail_outbox')
          .values({
            partner_id: m.partnerId,
            template: m.template,
            to_address: m.to,
            subject: m.subject,
            text_body: m.text,
            html_body: m.html ?? null,
          })
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id,

    find: (id: number) => db.selectFrom('mail_outbox').selectAll().where('id', '=', id).executeTakeFirst(),

    attempt: (id: number) =>
      db
        .updateTable('mail_outbox')
        .set((eb) => ({ attempts: eb('attempts', '+', 1) }))
        .where('id', '=', id)
        .execute(),

    sent: (id: number, messageId: string | null, emlPath: string | null) =>
      db
        .updateTable('mail_outbox')
        .set({ status: 'SENT', message_id: messageId, eml_path: emlPath, sent_at: new Date(), error: null })
        .where('id', '=', id)
        .execute(),

    error: (id: number, error: string) => db.updateTable('mail_outbox').set({ error }).where('id', '=', id).execute(),
  };
}
