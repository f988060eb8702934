import type { Access } from '@b2b/contracts/http/route';
import { computeRights, type RightName, type Rights, type Role } from '@b2b/contracts/rights';
import type { Db } from '@/db/database';
import type { TestApp } from '@/test/test-app';

/**
 * The demo accounts the security suite calls every route as (README's list), with what the spec's rights tables
 * give them. A guest has no token.
 */
export const SUITE_ACCOUNTS = [
  'owner@partner.demo',
  'admin@partner.demo',
  'orders@partner.demo',
  'price@partner.demo',
  'clients@partner.demo',
  'loyalty@partner.demo',
  'owner@second.demo',
  'manager@platform.demo',
  'buyer@client.demo',
  'guest',
] as const;

export interface SuiteAccount {
  email: (typeof SUITE_ACCOUNTS)[number];
  token: string | null;
  kind: 'PARTNER' | 'MANAGER' | 'CLIENT' | null;
  partnerId: number | null;
  rights: Rights | null;
}

const ROLE_COLUMNS: [Role, 'role_admin' | 'role_orders' | 'role_price' | 'role_clients' | 'role_loyalty'][] = [
  ['ADMIN', 'role_admin'],
  ['ORDERS', 'role_orders'],
  ['PRICE', 'role_price'],
  ['CLIENTS', 'role_clients'],
  ['LOYALTY', 'role_loyalty'],
];

/** Signs every suite account in and reads its stored kind and role flags; its rights come from the rights table. */
export async function signInSuiteAccounts(t: TestApp, db: Db): Promise<SuiteAccount[]> {
  const accounts: SuiteAccount[] = [];
  for (const email of SUITE_ACCOUNTS) {
    if (email === 'guest') {
      accounts.push({ email, token: null, kind: null, partnerId: null, rights: null });
      continue;
    }
    const user = await db.selectFrom('users').selectAll().where('email', '=', email).where('deleted_at', 'is', null).executeTakeFirstOrThrow();
    const roles = ROLE_COLUMNS.filter(([, column]) => user[column]).map(([role]) => role);
    accounts.push({
      email,
      token: await t.login(email),
      kind: user.kind,
      partnerId: user.partner_id,
      rights: computeRights({ kind: user.kind, isOwner: user.is_owner, roles }),
    });
  }
  return accounts;
}

/** Whether a declared access lets the account in, read from the spec's rules independently of the server's guard. */
export function accessAllows(access: Access, who: SuiteAccount): boolean {
  if (access === 'public') return true;
  if (!who.kind || !who.rights) return false;
  if (access === 'user') return true;
  if (access === 'client') return who.kind === 'CLIENT';
  if (access === 'manager') return who.kind === 'MANAGER';
  if (typeof access === 'object' && 'manager' in access) return who.kind === 'MANAGER' && who.rights[access.manager];
  if (who.kind !== 'PARTNER') return false;
  if (access === 'staff') return true;
  const rights: readonly RightName[] = typeof access.staff === 'string' ? [access.staff] : access.staff;
  return rights.some((right) => who.rights![right]);
}
