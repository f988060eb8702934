import { MSG } from '@b2b/contracts/messages';
import type { Db } from '@/db/database';
import { notFound } from '@/http/app-error';
import { failed, ok } from '@/http/envelope';
import type { Mailer } from '@/mail/mailer';
import { clientBlockedMail, clientRestoredMail } from '@/mail/templates/client-blacklist';
import { clientsRepo } from './clients.repo';

/**
 * Blocks (delete=Y) or restores (delete=N) clients, one or many, all or nothing: an id that is not this
 * partner's client answers 404 and changes nothing. Each client whose state changes gets an e-mail, written to
 * the outbox in the same transaction; a client already in the wanted state is left alone and not written to.
 */
export function clientBlacklist(db: Db, mailer: Mailer) {
  return async function setBlacklisted(partnerId: number, ids: number[], block: boolean) {
    const unique = [...new Set(ids)];
    if (unique.length === 0) return failed({ clients: MSG.clientNotSelected });
    return db.transaction().execute(async (trx) => {
      const repo = clientsRepo(trx);
      const owned = await repo.lockOwned(partnerId, unique);
      if (owned.length !== unique.length) throw notFound(MSG.notFound);
      const changing = owned.filter((c) => c.blacklisted !== block);
      if (changing.length > 0) {
        await repo.setBlacklisted(
          partnerId,
          changing.map((c) => c.id),
          block,
        );
        await notify(trx, repo, partnerId, changing, block);
      }
      const message = block
        ? unique.length > 1
          ? MSG.clientsBlacklisted
          : MSG.clientBlacklisted
        : unique.length > 1
          ? MSG.clientsRestored
          : MSG.clientRestored;
      return ok({ CLIENTS: unique, CHANGED: changing.map((c) => c.id) }, message);
    });
  };

  /** To every client user of the client; to the client's own address when it has no user. */
  async function notify(
    trx: Db,
    repo: ReturnType<typeof clientsRepo>,
    partnerId: number,
    clients: { id: number; name: string; email: string | null }[],
    block: boolean,
  ) {
    const partnerName = (await repo.partnerProfile(partnerId))?.name ?? '';
    const users = await repo.users(
      partnerId,
      clients.map((c) => c.id),
    );
    for (const client of clients) {
      const own = users.filter((u) => u.client_id === client.id);
      const recipients = own.length ? own.map((u) => ({ to: u.email, name: u.name })) : client.email ? [{ to: client.email, name: '' }] : [];
      for (const r of recipients) {
        const mail = (block ? clientBlockedMail : clientRestoredMail)({ name: r.name, partnerName });
        await mailer.send({ partnerId, to: r.to, template: block ? 'client.blacklisted' : 'client.restored', ...mail }, trx);
      }
    }
  }
}
