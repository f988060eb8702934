import type Decimal from 'decimal.js';
import type { Db } from '@/db/database';
import { insertReturningIds, insertRows } from './batch-insert';
import type { SeededProduct } from './catalog-seed';
import type { ClientPricing } from './client-pricing';
import { addDays, atMoscowTime, daysBetween } from './dates';
import { BUYER_ACCOUNT } from './demo-accounts';
import { roundPrice, toMoney } from './money';
import {
  COMPANY_ENDINGS,
  COMPANY_MAILBOXES,
  COMPANY_STEMS,
  DISTRICTS,
  MAIL_SERVICES,
  PUBLIC_BODY_NAMES,
  SCHOOL_NAMES,
  type CityProfile,
} from './names-ru';
import type { SeededPartner } from './partners-seed';
import { landlinePhone, mobilePhone, randomPerson, type Person } from './people';
import { WeightedPicker, type Random } from './random';
import { entrepreneurInn, legalEntityInn } from './russian-ids';
import { slug } from './translit';

export type ClientKind = 'COMPANY' | 'ENTREPRENEUR' | 'SCHOOL' | 'PUBLIC_BODY';

export interface ClientPlan extends ClientPricing {
  kind: ClientKind;
  name: string;
  shortName: string;
  inn: string;
  phone: string;
  email: string;
  address: string;
  registeredAt: Date;
  blacklistedAt: Date | null;
  priceType: 'RRC' | 'PURCHASE' | null;
  /** How much it orders against the others. */
  weight: number;
  /** Some clients register and never order. */
  orders: boolean;
  user: Person & { email: string; phone: string; hasPassword: boolean };
}

export interface SeededClient extends ClientPlan {
  id: number;
  userId: number;
}

export interface ClientsOptions {
  count: number;
  blacklisted: number;
  withoutPassword: number;
  withPersonalPrices: number;
  /** The demo buyer's client («ООО Ромашка») comes first (the first client is always an early, active one). */
  withBuyer: boolean;
  now: Date;
  products: readonly SeededProduct[];
  /** E-mails taken platform-wide (client users stay unique across partners too). */
  takenEmails: Set<string>;
}

const REGISTRATION_DAYS = 540;

function uniqueEmail(taken: Set<string>, local: string, domain: string): string {
  let email = `${local}@${domain}`;
  for (let n = 2; taken.has(email); n++) email = `${local}${n}@${domain}`;
  taken.add(email);
  return email;
}

function address(rng: Random, area: CityProfile, office: boolean): string {
  const building = rng.chance(0.3) ? `, стр. ${rng.int(1, 9)}` : '';
  const room = office ? `, офис ${rng.int(1, 450)}` : '';
  return `${area.city}, ${rng.pick(area.streets)}, д. ${rng.int(1, 120)}${building}${room}`;
}

interface Identity {
  kind: ClientKind;
  name: string;
  shortName: string;
  inn: string;
  email: string;
  phone: string;
  /** The person who is the client user, when that is given: the entrepreneur, the demo buyer. */
  person?: Person;
}

function identity(rng: Random, area: CityProfile, taken: Set<string>): Identity {
  const kind = rng.pickWeighted<ClientKind>({ COMPANY: 62, ENTREPRENEUR: 22, SCHOOL: 10, PUBLIC_BODY: 6 });
  const n = rng.int(1, 2200);
  switch (kind) {
    case 'COMPANY': {
      const short = rng.pick(COMPANY_STEMS) + rng.pick(COMPANY_ENDINGS);
      const form = rng.chance(0.9) ? 'ООО' : 'АО';
      return {
        kind,
        name: `${form} «${short}»`,
        shortName: short,
        inn: legalEntityInn(rng, area.innRegion),
        email: uniqueEmail(taken, rng.pick(COMPANY_MAILBOXES), `${slug(short)}.ru`),
        phone: landlinePhone(rng, area.areaCode),
      };
    }
    case 'ENTREPRENEUR': {
      const person = randomPerson(rng);
      return {
        kind,
        person,
        name: `ИП ${person.surname} ${person.name} ${person.middleName}`,
        shortName: `ИП ${person.surname} ${person.name[0]}. ${person.middleName[0]}.`,
        inn: entrepreneurInn(rng, area.innRegion),
        email: uniqueEmail(taken, `${slug(person.surname)}.${slug(person.name)[0]}`, rng.pick(MAIL_SERVICES)),
        phone: mobilePhone(rng),
      };
    }
    case 'SCHOOL': {
      const name = rng.pick(SCHOOL_NAMES).replace('{n}', String(n));
      const prefix = name.includes('Детский сад') ? 'ds' : 'sch';
      return {
        kind,
        name,
        shortName: name,
        inn: legalEntityInn(rng, area.innRegion),
        email: uniqueEmail(taken, `${prefix}${n}`, area.eduDomain),
        phone: landlinePhone(rng, area.areaCode),
      };
    }
    case 'PUBLIC_BODY': {
      const name = rng.pick(PUBLIC_BODY_NAMES).replace('{n}', String(n)).replace('{district}', rng.pick(DISTRICTS));
      return {
        kind,
        name,
        shortName: name,
        inn: legalEntityInn(rng, area.innRegion),
        email: uniqueEmail(taken, `zakupki${n}`, area.govDomain),
        phone: landlinePhone(rng, area.areaCode),
      };
    }
  }
}

function buyerIdentity(rng: Random, area: CityProfile, taken: Set<string>): Identity {
  const { clientName, clientShortName, surname, name, middleName } = BUYER_ACCOUNT;
  return {
    kind: 'COMPANY',
    name: clientName,
    shortName: clientShortName,
    inn: legalEntityInn(rng, area.innRegion),
    email: uniqueEmail(taken, 'info', 'romashka-office.ru'),
    phone: landlinePhone(rng, area.areaCode),
    person: { surname, name, middleName },
  };
}

/** A client's own prices on popular products: a little above the purchase price. */
function personalPrices(rng: Random, popular: WeightedPicker<SeededProduct>): Map<number, Decimal> {
  const prices = new Map<number, Decimal>();
  for (let i = 0; i < 40 && prices.size < 25; i++) {
    const p = popular.pick(rng);
    prices.set(p.id, roundPrice(p.purchase.mul(rng.int(105, 120)).div(100)));
  }
  return prices;
}

/** Price settings of a client: mostly the shop's default, some a price type, the wholesale list or the column. */
function priceSettings(rng: Random, partner: SeededPartner) {
  const mode = rng.pickWeighted({ DEFAULT: 81, LIST: 8, COLUMN: 5, RRC: 6 });
  return {
    priceType: mode === 'LIST' ? ('PURCHASE' as const) : mode === 'RRC' ? ('RRC' as const) : null,
    priceList: mode === 'LIST' ? partner.wholesaleList : undefined,
    column: mode === 'COLUMN' ? partner.column : undefined,
  };
}

/** The client's user: the entrepreneur themself, the demo buyer, or an employee with a mailbox at the company. */
function clientUser(rng: Random, id: Identity, isBuyer: boolean, taken: Set<string>): ClientPlan['user'] {
  if (isBuyer) return { ...id.person!, email: BUYER_ACCOUNT.email, phone: BUYER_ACCOUNT.phone, hasPassword: true };
  if (id.kind === 'ENTREPRENEUR') return { ...id.person!, email: id.email, phone: id.phone, hasPassword: true };
  const person = randomPerson(rng);
  const email = uniqueEmail(taken, `${slug(person.name)[0]}.${slug(person.surname)}`, id.email.split('@')[1]);
  return { ...person, email, phone: mobilePhone(rng), hasPassword: true };
}

/**
 * One client. Registered over the last 18 months; the first one (the demo buyer's, if any) is among the
 * earliest and always orders, because the order plan falls back on it.
 */
function planClient(rng: Random, partner: SeededPartner, index: number, inns: Set<string>, opts: ClientsOptions): ClientPlan {
  const isAnchor = index === 0;
  const isBuyer = isAnchor && opts.withBuyer;
  const place = rng.pick(partner.spec.clientArea);
  let id = isBuyer ? buyerIdentity(rng, place, opts.takenEmails) : identity(rng, place, opts.takenEmails);
  while (inns.has(id.inn)) id = identity(rng, place, opts.takenEmails);
  inns.add(id.inn);
  const age = isAnchor ? REGISTRATION_DAYS - 10 : rng.float(1, REGISTRATION_DAYS);
  const isNewcomer = age < 20;
  return {
    ...id,
    ...priceSettings(rng, partner),
    personalPrices: new Map(),
    address: address(rng, place, id.kind === 'COMPANY'),
    registeredAt: atMoscowTime(addDays(opts.now, -age), rng.int(9, 18), rng.int(0, 59)),
    blacklistedAt: null,
    weight: isAnchor ? 6 : 0.3 + 24 * rng.skewed(4),
    orders: isAnchor || !(isNewcomer ? rng.chance(0.5) : rng.chance(0.06)),
    user: clientUser(rng, id, isBuyer, opts.takenEmails),
  };
}

export function planClients(rng: Random, partner: SeededPartner, opts: ClientsOptions): ClientPlan[] {
  const inns = new Set<string>();
  const plans = Array.from({ length: opts.count }, (_, i) => planClient(rng, partner, i, inns, opts));

  // Special cases: each one a different client, never the anchor.
  const candidates = rng.shuffle(plans.slice(1));
  const take = (n: number, fits: (c: ClientPlan) => boolean) => {
    const chosen = candidates.filter(fits).slice(0, n);
    for (const c of chosen) candidates.splice(candidates.indexOf(c), 1);
    return chosen;
  };
  for (const c of take(opts.blacklisted, (c) => daysBetween(c.registeredAt, opts.now) > 60)) {
    const span = daysBetween(c.registeredAt, opts.now);
    c.blacklistedAt = atMoscowTime(addDays(c.registeredAt, span * rng.float(0.4, 0.95)), rng.int(10, 17), rng.int(0, 59));
    c.orders = true;
  }
  for (const c of take(opts.withoutPassword, () => true)) c.user.hasPassword = false;
  const popular = new WeightedPicker(
    opts.products.filter((p) => p.active),
    (p) => p.popularity,
  );
  for (const c of take(opts.withPersonalPrices, (c) => c.orders)) c.personalPrices = personalPrices(rng, popular);
  return plans;
}

/** Clients and their CLIENT users. `is_new` starts true for recent sign-ups; orders clear it later. */
export async function insertClients(
  db: Db,
  partnerId: number,
  plans: ClientPlan[],
  opts: { passwordHash: string; now: Date },
): Promise<SeededClient[]> {
  const clientIds = await insertReturningIds(
    db,
    'clients',
    plans.map((c) => ({
      partner_id: partnerId,
      name: c.name,
      short_name: c.shortName,
      inn: c.inn,
      legal_entity: c.kind !== 'ENTREPRENEUR',
      phone: c.phone,
      email: c.email,
      address: c.address,
      is_new: daysBetween(c.registeredAt, opts.now) < 45,
      blacklisted: c.blacklistedAt !== null,
      blacklisted_at: c.blacklistedAt,
      price_type: c.priceType,
      price_list_id: c.priceList?.id ?? null,
      price_column_id: c.column?.id ?? null,
      has_individual: c.personalPrices.size > 0,
      registered_at: c.registeredAt,
    })),
    ['partner_id', 'inn'],
  );
  const userIds = await insertReturningIds(
    db,
    'users',
    plans.map((c, i) => ({
      kind: 'CLIENT' as const,
      partner_id: partnerId,
      client_id: clientIds[i],
      email: c.user.email,
      password_hash: c.user.hasPassword ? opts.passwordHash : null,
      name: c.user.name,
      surname: c.user.surname,
      middle_name: c.user.middleName,
      phone: c.user.phone,
      email_confirmed_at: c.user.hasPassword ? c.registeredAt : null,
      created_at: c.registeredAt,
      updated_at: c.registeredAt,
    })),
    ['partner_id', 'email'],
  );
  await insertRows(
    db,
    'client_prices',
    plans.flatMap((c, i) =>
      [...c.personalPrices].map(([productId, price]) => ({
        partner_id: partnerId,
        client_id: clientIds[i],
        product_id: productId,
        price: toMoney(price),
      })),
    ),
  );
  return plans.map((c, i) => ({ ...c, id: clientIds[i], userId: userIds[i] }));
}

/** A client that has orders is no longer new. */
export async function clearNewFlagOfClientsWithOrders(db: Db, partnerId: number): Promise<void> {
  await db
    .updateTable('clients')
    .set({ is_new: false })
    .where('partner_id', '=', partnerId)
    .where('id', 'in', (eb) => eb.selectFrom('orders').select('client_id').where('partner_id', '=', partnerId))
    .execute();
}
