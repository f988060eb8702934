import type { Db } from '@/db/database';

/** A client that registered itself in a partner's shop, with its first user (not yet confirmed). */
export async function registerClient(
  trx: Db,
  partnerId: number,
  data: { company: string; inn: string | null; phone: string | null; email: string; name: string; passwordHash: string | null },
): Promise<{ clientId: number; userId: number }> {
  const client = await trx
    .insertInto('clients')
    .values({ partner_id: partnerId, name: data.company, inn: data.inn, phone: data.phone, email: data.email, legal_entity: true })
    .returning('id')
    .executeTakeFirstOrThrow();
  const user = await trx
    .insertInto('users')
    .values({
      kind: 'CLIENT',
      partner_id: partnerId,
      client_id: client.id,
      email: data.email,
      name: data.name,
      phone: data.phone,
      password_hash: data.passwordHash,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { clientId: client.id, userId: user.id };
}

export async function innTaken(db: Db, partnerId: number, inn: string): Promise<boolean> {
  return Boolean(
    await db.selectFrom('clients').select('id').where('partner_id', '=', partnerId).where('inn', '=', inn).executeTakeFirst(),
  );
}
