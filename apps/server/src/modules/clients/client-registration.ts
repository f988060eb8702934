import { sql } from 'kysely';
import type { Db } from '@/db/database';

/** A client that registered itself in a partner's shop; its first user is created by auth in the same transaction. */
export async function registerClient(
  trx: Db,
  partnerId: number,
  data: { company: string; inn: string | null; phone: string | null; email: string },
): Promise<number> {
  const client = await trx
    .insertInto('clients')
    .values({ partner_id: partnerId, name: data.company, inn: data.inn, phone: data.phone, email: data.email, legal_entity: true })
    .returning('id')
    .executeTakeFirstOrThrow();
  return client.id;
}

/** The partner's client with this INN (a registration with it goes to the partner to review). */
export const clientByInn = (db: Db, partnerId: number, inn: string) =>
  db.selectFrom('clients').select(['id', 'name']).where('partner_id', '=', partnerId).where('inn', '=', inn).executeTakeFirst();

/** The client a routed order finds at the target partner (issue 39 §1), with its user of that e-mail when there is one. */
export interface RoutedClientMatch {
  id: number;
  blacklisted: boolean;
  userId: number | null;
}

/**
 * The target partner's client for an order the manager routes to it: the client with the source client's INN, else
 * the one whose user (or whose own e-mail) is the ordering user's e-mail. Borrowed read-only: users (module auth), to
 * find a client by its user's e-mail. Runs in the routing's transaction.
 */
export async function matchRoutedClient(
  trx: Db,
  partnerId: number,
  by: { inn: string | null; email: string | null },
): Promise<RoutedClientMatch | undefined> {
  const email = by.email?.trim().toLowerCase() || null;
  const userOf = async (clientId: number) => {
    let q = trx
      .selectFrom('users')
      .select('id')
      .where('partner_id', '=', partnerId)
      .where('kind', '=', 'CLIENT')
      .where('client_id', '=', clientId)
      .where('deleted_at', 'is', null);
    if (email) q = q.orderBy(sql`lower(email) = ${email}`, 'desc');
    return (await q.orderBy('id').limit(1).executeTakeFirst())?.id ?? null;
  };
  const inn = by.inn?.trim();
  if (inn) {
    const c = await trx
      .selectFrom('clients')
      .select(['id', 'blacklisted'])
      .where('partner_id', '=', partnerId)
      .where('inn', '=', inn)
      .orderBy('id')
      .limit(1)
      .executeTakeFirst();
    if (c) return { id: c.id, blacklisted: c.blacklisted, userId: await userOf(c.id) };
  }
  if (!email) return undefined;
  const user = await trx
    .selectFrom('users as u')
    .innerJoin('clients as c', (j) => j.onRef('c.partner_id', '=', 'u.partner_id').onRef('c.id', '=', 'u.client_id'))
    .select(['c.id', 'c.blacklisted', 'u.id as user_id'])
    .where('u.partner_id', '=', partnerId)
    .where('u.kind', '=', 'CLIENT')
    .where(sql`lower(u.email)`, '=', email)
    .where('u.deleted_at', 'is', null)
    .orderBy('u.id')
    .limit(1)
    .executeTakeFirst();
  if (user) return { id: user.id, blacklisted: user.blacklisted, userId: user.user_id };
  const c = await trx
    .selectFrom('clients')
    .select(['id', 'blacklisted'])
    .where('partner_id', '=', partnerId)
    .where(sql`lower(email)`, '=', email)
    .orderBy('id')
    .limit(1)
    .executeTakeFirst();
  return c ? { id: c.id, blacklisted: c.blacklisted, userId: await userOf(c.id) } : undefined;
}

/**
 * A client created at the target partner for a routed order whose client it does not have: marked new (NEW=Y, for
 * the partner to review), with a note of where it came from; its user (no password) is created by auth in the same
 * transaction.
 */
export async function createRoutedClient(
  trx: Db,
  partnerId: number,
  data: { name: string; inn: string | null; phone: string | null; email: string | null; address: string | null; legalEntity: boolean; note: string },
): Promise<number> {
  const client = await trx
    .insertInto('clients')
    .values({
      partner_id: partnerId,
      name: data.name,
      inn: data.inn,
      phone: data.phone,
      email: data.email,
      address: data.address,
      legal_entity: data.legalEntity,
      is_new: true,
      origin_note: data.note,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return client.id;
}
