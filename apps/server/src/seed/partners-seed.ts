import Decimal from 'decimal.js';
import { DEFAULTS } from '@b2b/contracts/limits';
import type { Db } from '@/db/database';
import { insertReturningIds, insertRows } from './batch-insert';
import { OPENING_HOURS, type PartnerSpec, type PriceListSpec } from './demo-partners';
import type { Random } from './random';
import { legalEntityInn, ogrn } from './russian-ids';

export interface SeededPriceList {
  id: number;
  /** Markup over the purchase price. */
  rate: Decimal;
}

export interface SeededLoyaltyStatus {
  id: number;
  title: string;
  multiplier: Decimal;
  threshold: Decimal;
}

export interface SeededPartner {
  id: number;
  spec: PartnerSpec;
  tradepointIds: number[];
  basePriceListId: number;
  wholesaleList?: SeededPriceList;
  column?: SeededPriceList;
  loyalty?: { pointsPercent: Decimal; statuses: SeededLoyaltyStatus[] };
}

const WORK_HOURS = { from: '09:00', to: '18:00' };
const SATURDAY_HOURS = { from: '10:00', to: '16:00' };

async function insertTradepoints(db: Db, partnerId: number, spec: PartnerSpec): Promise<number[]> {
  const rows = spec.tradepoints.map((tp) => ({
    partner_id: partnerId,
    address: tp.address,
    address_fields: JSON.stringify(tp.fields),
    latitude: tp.latitude,
    longitude: tp.longitude,
    phones: JSON.stringify([{ PHONE: tp.phone, COMMENT: '', MAIN: 1 }]),
    work_days: tp.workDays,
    work_schedule: JSON.stringify(WORK_HOURS),
    holiday_schedule: JSON.stringify(tp.holidayWork ? SATURDAY_HOURS : {}),
    holiday_work: tp.holidayWork,
    is_base: tp.isBase,
  }));
  return insertReturningIds(db, 'tradepoints', rows, ['partner_id', 'address']);
}

async function insertPriceLists(db: Db, partnerId: number, spec: PartnerSpec) {
  await insertRows(db, 'price_types', [
    { partner_id: partnerId, code: 'RRC', name: 'Рекомендованная розничная цена', sort: 100 },
    { partner_id: partnerId, code: 'PURCHASE', name: 'Закупочная цена', sort: 200 },
  ]);
  const base = await db
    .insertInto('price_lists')
    .values({
      partner_id: partnerId,
      kind: 'PRICELIST',
      is_base: true,
      name: DEFAULTS.basePriceListName,
      sort: DEFAULTS.basePriceListSort,
      price_type: DEFAULTS.priceType,
    })
    .returning('id')
    .executeTakeFirstOrThrow();

  const add = async (list: PriceListSpec, kind: 'PRICELIST' | 'COLUMN', parentId: number | null): Promise<SeededPriceList> => {
    const row = await db
      .insertInto('price_lists')
      .values({
        partner_id: partnerId,
        kind,
        parent_id: parentId,
        name: list.name,
        sort: list.sort,
        price_type: list.priceType,
        section_rate: list.rate,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return { id: row.id, rate: new Decimal(list.rate) };
  };
  const wholesaleList = spec.wholesaleList ? await add(spec.wholesaleList, 'PRICELIST', null) : undefined;
  const column = spec.column ? await add(spec.column, 'COLUMN', base.id) : undefined;
  return { basePriceListId: base.id, wholesaleList, column };
}

async function insertLoyaltyProgramme(db: Db, partnerId: number, loyalty: NonNullable<PartnerSpec['loyalty']>) {
  await db
    .insertInto('loyalty_programs')
    .values({ partner_id: partnerId, enabled: true, title: loyalty.title, description: loyalty.description, visibility: 'ALL' })
    .execute();
  const ids = await insertReturningIds(
    db,
    'loyalty_statuses',
    loyalty.statuses.map((s, i) => ({
      partner_id: partnerId,
      title: s.title,
      multiplier: s.multiplier,
      threshold: s.threshold,
      sort: (i + 1) * 100,
    })),
    ['partner_id', 'title'],
  );
  await db
    .insertInto('loyalty_scoring_rules')
    .values({ partner_id: partnerId, markup_pct_from: '0.00', points_pct: loyalty.pointsPercent })
    .execute();
  return {
    pointsPercent: new Decimal(loyalty.pointsPercent),
    statuses: loyalty.statuses.map((s, i) => ({
      id: ids[i],
      title: s.title,
      multiplier: new Decimal(s.multiplier),
      threshold: new Decimal(s.threshold),
    })),
  };
}

/** A supplier with its shop, tradepoints, price types and lists, loyalty programme and offer requisites. */
export async function seedPartner(db: Db, rng: Random, spec: PartnerSpec, opts: { createdAt: Date }): Promise<SeededPartner> {
  const region = spec.clientArea[0].innRegion;
  const inn = legalEntityInn(rng, region);
  const partner = await db
    .insertInto('partners')
    .values({
      name: spec.name,
      legal_name: spec.legalName,
      inn,
      loyalty_enabled: Boolean(spec.loyalty),
      created_at: opts.createdAt,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const partnerId = partner.id;

  const tradepointIds = await insertTradepoints(db, partnerId, spec);
  const baseTradepoint = tradepointIds[spec.tradepoints.findIndex((tp) => tp.isBase)];
  await db
    .insertInto('shops')
    .values({
      partner_id: partnerId,
      name: spec.name,
      shop_link: spec.shop.shopLink,
      domain_name: spec.shop.domainName,
      address: spec.shop.address,
      phones: JSON.stringify(spec.shop.phones),
      opening_hours: OPENING_HOURS,
      min_order_sum: spec.shop.minOrderSum,
      main_tradepoint_id: baseTradepoint,
    })
    .execute();

  await insertRows(
    db,
    'delivery_zones',
    spec.shop.deliveryZones.map((zone, i) => ({ partner_id: partnerId, name: zone.name, price: zone.price, sort: (i + 1) * 100 })),
  );

  const prices = await insertPriceLists(db, partnerId, spec);
  const loyalty = spec.loyalty ? await insertLoyaltyProgramme(db, partnerId, spec.loyalty) : undefined;

  if (spec.commercialOffer) {
    const offer = spec.commercialOffer;
    await db
      .insertInto('commercial_offer_settings')
      .values({
        partner_id: partnerId,
        org_name: spec.legalName,
        inn,
        ogrn: ogrn(rng, region),
        kpp: `${inn.slice(0, 4)}01001`,
        postcode: offer.postcode,
        phone: offer.phone,
        email: offer.email,
        url: offer.url,
        legal_address: offer.legalAddress,
        bank: 'ПАО Сбербанк, г. Москва',
        checking_account: `40702810${rng.digits(12)}`,
        bik: '044525225',
        cor_account: '30101810400000000225',
        actual_days: 5,
        is_actual_days: true,
        basket_export: JSON.stringify({}),
      })
      .execute();
  }

  return { id: partnerId, spec, tradepointIds, ...prices, loyalty };
}
