import type { Role } from '@b2b/contracts/rights';

/** The password of every demo account and of the generated client users that have one. */
export const DEMO_PASSWORD = 'demo1234';

export interface StaffAccount {
  email: string;
  kind: 'PARTNER' | 'MANAGER';
  /** Which demo partner employs them (null: the platform manager). */
  partner: 'main' | 'second' | null;
  isOwner: boolean;
  /** The one role flag of an employee. */
  role: Role | null;
  active: boolean;
  name: string;
  surname: string;
  middleName: string;
  phone: string;
}

const employee = (email: string, role: Role, name: string, surname: string, middleName: string, phone: string): StaffAccount => ({
  email,
  kind: 'PARTNER',
  partner: 'main',
  isOwner: false,
  role,
  active: true,
  name,
  surname,
  middleName,
  phone,
});

/** Staff and manager accounts, in the order they are created. */
export const STAFF_ACCOUNTS: readonly StaffAccount[] = [
  {
    email: 'owner@partner.demo',
    kind: 'PARTNER',
    partner: 'main',
    isOwner: true,
    role: null,
    active: true,
    name: 'Иван',
    surname: 'Петров',
    middleName: 'Сергеевич',
    phone: '+7 (916) 201-45-67',
  },
  employee('admin@partner.demo', 'ADMIN', 'Ольга', 'Смирнова', 'Викторовна', '+7 (916) 202-11-34'),
  employee('orders@partner.demo', 'ORDERS', 'Дмитрий', 'Кузнецов', 'Алексеевич', '+7 (925) 310-22-81'),
  employee('price@partner.demo', 'PRICE', 'Елена', 'Васильева', 'Игоревна', '+7 (926) 415-37-02'),
  employee('clients@partner.demo', 'CLIENTS', 'Алексей', 'Морозов', 'Павлович', '+7 (903) 522-64-19'),
  employee('loyalty@partner.demo', 'LOYALTY', 'Наталья', 'Соколова', 'Андреевна', '+7 (977) 634-90-55'),
  { ...employee('former@partner.demo', 'ORDERS', 'Сергей', 'Волков', 'Николаевич', '+7 (915) 740-12-98'), active: false },
  {
    email: 'owner@second.demo',
    kind: 'PARTNER',
    partner: 'second',
    isOwner: true,
    role: null,
    active: true,
    name: 'Андрей',
    surname: 'Николаев',
    middleName: 'Борисович',
    phone: '+7 (921) 336-90-15',
  },
  {
    email: 'manager@platform.demo',
    kind: 'MANAGER',
    partner: null,
    isOwner: false,
    role: null,
    active: true,
    name: 'Мария',
    surname: 'Фёдорова',
    middleName: 'Олеговна',
    phone: '+7 (495) 150-00-01',
  },
];

/** The demo buyer: a client user of «Канцлер Опт», signing in to its shop. */
export const BUYER_ACCOUNT = {
  email: 'buyer@client.demo',
  name: 'Павел',
  surname: 'Лебедев',
  middleName: 'Андреевич',
  phone: '+7 (926) 118-27-45',
  clientName: 'ООО «Ромашка»',
  clientShortName: 'Ромашка',
} as const;
