import { sql } from 'kysely';
import type { Db } from '@/db/database';

/** Reads of the staff rows of the users table (kind PARTNER, not the owner), always within one partner; auth writes them. */
export function employeesRepo(db: Db) {
  const staff = (partnerId: number) =>
    db
      .selectFrom('users')
      .where('partner_id', '=', partnerId)
      .where('kind', '=', 'PARTNER')
      .where('is_owner', '=', false)
      .where('deleted_at', 'is', null);

  return {
    list: (partnerId: number) =>
      staff(partnerId)
        .select([
          'id',
          'surname',
          'name',
          'email',
          'role_admin',
          'role_orders',
          'role_price',
          'role_clients',
          'role_loyalty',
          'active',
          'last_login_at',
          'created_at',
        ])
        .select((eb) => eb('password_hash', 'is not', null).as('has_password'))
        .orderBy('surname')
        .orderBy('name')
        .orderBy('id')
        .execute(),

    find: (partnerId: number, id: number) =>
      staff(partnerId)
        .select(['id', 'email', 'name', 'surname', 'role_admin', 'role_orders', 'role_price', 'role_clients', 'role_loyalty', 'active'])
        .where('id', '=', id)
        .executeTakeFirst(),

    /** Whether the address is another staff account of this partner (other partners' staff are not this one's business). */
    emailTaken: async (partnerId: number, email: string, exceptId?: number) => {
      let q = db
        .selectFrom('users')
        .select('id')
        .where('partner_id', '=', partnerId)
        .where('kind', '=', 'PARTNER')
        .where('deleted_at', 'is', null)
        .where(sql`lower(email)`, '=', email.toLowerCase());
      if (exceptId) q = q.where('id', '<>', exceptId);
      return Boolean(await q.executeTakeFirst());
    },
  };
}
