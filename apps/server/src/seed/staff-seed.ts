import type { Db } from '@/db/database';
import { insertReturningIds } from './batch-insert';
import { STAFF_ACCOUNTS, type StaffAccount } from './demo-accounts';

export interface SeededStaff {
  /** User ids by e-mail. */
  ids: Map<string, number>;
  id(email: string): number;
}

/** Partner owners, employees (one role flag each) and the platform manager, all with the demo password. */
export async function seedStaff(
  db: Db,
  opts: { partnerIds: Record<'main' | 'second', number>; passwordHash: string; createdAt: (account: StaffAccount, index: number) => Date },
): Promise<SeededStaff> {
  const rows = STAFF_ACCOUNTS.map((a, i) => {
    const createdAt = opts.createdAt(a, i);
    return {
      kind: a.kind,
      partner_id: a.partner ? opts.partnerIds[a.partner] : null,
      email: a.email,
      password_hash: opts.passwordHash,
      name: a.name,
      surname: a.surname,
      middle_name: a.middleName,
      phone: a.phone,
      is_owner: a.isOwner,
      role_admin: a.role === 'ADMIN',
      role_orders: a.role === 'ORDERS',
      role_price: a.role === 'PRICE',
      role_clients: a.role === 'CLIENTS',
      role_loyalty: a.role === 'LOYALTY',
      active: a.active,
      email_confirmed_at: createdAt,
      created_at: createdAt,
      updated_at: createdAt,
    };
  });
  const userIds = await insertReturningIds(db, 'users', rows, ['email']);
  const ids = new Map(STAFF_ACCOUNTS.map((a, i) => [a.email, userIds[i]]));

  const manager = STAFF_ACCOUNTS.find((a) => a.kind === 'MANAGER');
  if (manager) {
    await db
      .updateTable('partners')
      .set({ manager_user_id: ids.get(manager.email)! })
      .where('id', 'in', Object.values(opts.partnerIds))
      .execute();
  }
  return {
    ids,
    id(email) {
      const id = ids.get(email);
      if (id === undefined) throw new Error(`No demo account ${email}`);
      return id;
    },
  };
}
