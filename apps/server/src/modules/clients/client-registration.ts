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
