import type { Role } from '@b2b/contracts/rights';
import type { Db } from '@/db/database';
import { hashPassword } from './passwords';

/** A staff account's role flags as the users table stores them. */
export interface RoleFlags {
  role_admin: boolean;
  role_orders: boolean;
  role_price: boolean;
  role_clients: boolean;
  role_loyalty: boolean;
}

export function roleFlagsOf(roles: readonly Role[]): RoleFlags {
  return {
    role_admin: roles.includes('ADMIN'),
    role_orders: roles.includes('ORDERS'),
    role_price: roles.includes('PRICE'),
    role_clients: roles.includes('CLIENTS'),
    role_loyalty: roles.includes('LOYALTY'),
  };
}

export interface StaffChanges extends Partial<RoleFlags> {
  email?: string;
  name?: string;
  surname?: string;
  active?: boolean;
  /** A new password, hashed here. */
  password?: string;
}

/**
 * The writes of a partner's staff accounts (employees, not the owner). The auth module owns the users table; the
 * employees module decides and asks through AuthService.staffAccounts, in the transaction it passes.
 */
export const staffAccounts = {
  async create(trx: Db, partnerId: number, row: { email: string; name: string; surname: string; roles: RoleFlags }): Promise<number> {
    const { id } = await trx
      .insertInto('users')
      .values({ kind: 'PARTNER', partner_id: partnerId, email: row.email, name: row.name, surname: row.surname, ...row.roles })
      .returning('id')
      .executeTakeFirstOrThrow();
    return id;
  },

  async update(trx: Db, partnerId: number, id: number, changes: StaffChanges): Promise<void> {
    const { password, ...set } = changes;
    await trx
      .updateTable('users')
      .set({ ...set, ...(password !== undefined ? { password_hash: await hashPassword(password) } : {}), updated_at: new Date() })
      .where('partner_id', '=', partnerId)
      .where('id', '=', id)
      .where('kind', '=', 'PARTNER')
      .where('is_owner', '=', false)
      .execute();
  },

  /** Soft delete: the row stays for the history that names it; the address and sign-in are freed. */
  async remove(trx: Db, partnerId: number, id: number): Promise<void> {
    await trx
      .updateTable('users')
      .set({ deleted_at: new Date(), active: false, password_hash: null, updated_at: new Date() })
      .where('partner_id', '=', partnerId)
      .where('id', '=', id)
      .where('kind', '=', 'PARTNER')
      .where('is_owner', '=', false)
      .execute();
  },
};

/** The first user of a client that registered itself in a shop (not yet confirmed). */
export async function createClientUser(
  trx: Db,
  row: { partnerId: number; clientId: number; email: string; name: string; phone: string | null; passwordHash: string | null },
): Promise<number> {
  const { id } = await trx
    .insertInto('users')
    .values({
      kind: 'CLIENT',
      partner_id: row.partnerId,
      client_id: row.clientId,
      email: row.email,
      name: row.name,
      phone: row.phone,
      password_hash: row.passwordHash,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}
