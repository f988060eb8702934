import { sql } from 'kysely';
import type { Db } from '@/db/database';

/** Staff rows of the users table (kind PARTNER, not the owner), always within one partner. */
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
          'id', 'surname', 'name', 'email', 'role_admin', 'role_orders', 'role_price', 'role_clients', 'role_loyalty',
          'active', 'last_login_at', 'created_at',
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

    insert: async (partnerId: number, row: { email: string; name: string; surname: string; roles: RoleFlags }) =>
      (
        await db
          .insertInto('users')
          .values({ kind: 'PARTNER', partner_id: partnerId, email: row.email, name: row.name, surname: row.surname, ...row.roles })
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id,

    update: (partnerId: number, id: number, set: Partial<{ email: string; name: string; surname: string; active: boolean; password_hash: string } & RoleFlags>) =>
      db
        .updateTable('users')
        .set({ ...set, updated_at: new Date() })
        .where('partner_id', '=', partnerId)
        .where('id', '=', id)
        .where('kind', '=', 'PARTNER')
        .where('is_owner', '=', false)
        .execute(),

    softDelete: (partnerId: number, id: number) =>
      db
        .updateTable('users')
        .set({ deleted_at: new Date(), active: false, password_hash: null, updated_at: new Date() })
        .where('partner_id', '=', partnerId)
        .where('id', '=', id)
        .where('is_owner', '=', false)
        .execute(),
  };
}

export interface RoleFlags {
  role_admin: boolean;
  role_orders: boolean;
  role_price: boolean;
  role_clients: boolean;
  role_loyalty: boolean;
}
