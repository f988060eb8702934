import type Decimal from 'decimal.js';
import type { Db } from '@/db/database';
import { insertRows } from './batch-insert';
import type { SeededProduct } from './catalog-seed';
import { addDays } from './dates';
import { roundPrice, toMoney } from './money';
import type { Random } from './random';

/** A running discount: orders placed in its period get its prices on its products. */
export interface DiscountOffer {
  id: number;
  dateStart: Date;
  dateEnd: Date;
  prices: ReadonlyMap<number, Decimal>;
}

/** The offer type dictionary (reference data). */
export async function seedOfferTypes(db: Db): Promise<void> {
  await db
    .insertInto('offer_types')
    .values([
      { code: 'GIFT', name: 'Подарок к заказу', sort: 100 },
      { code: 'DISCOUNT', name: 'Скидка на товары', sort: 200 },
      { code: 'BANNER', name: 'Рекламный баннер', sort: 300 },
    ])
    .onConflict((oc) => oc.column('code').doNothing())
    .execute();
}

/** Active products of a section (any active product when a small data set left the section empty). */
function ofSection(products: readonly SeededProduct[], leaf: string): SeededProduct[] {
  const active = products.filter((p) => p.active);
  const inLeaf = active.filter((p) => p.leafName === leaf);
  return inLeaf.length ? inLeaf : active;
}

/** A gift at two order sums, a running discount on SvetoCopy paper and an ended school campaign. */
export async function seedOffers(db: Db, rng: Random, partnerId: number, products: readonly SeededProduct[], now: Date): Promise<DiscountOffer> {
  const insert = (values: {
    type: string;
    name: string;
    description: string;
    active: boolean;
    start: number;
    end: number;
    sort: number;
    limit?: number;
    notInBasket?: boolean;
  }) =>
    db
      .insertInto('offers')
      .values({
        partner_id: partnerId,
        type: values.type,
        name: values.name,
        description: values.description,
        active: values.active,
        date_start: addDays(now, values.start),
        date_end: addDays(now, values.end),
        limit_count: values.limit ?? null,
        not_in_basket: values.notInBasket ?? false,
        sort: values.sort,
        created_at: addDays(now, values.start - 3),
      })
      .returning(['id', 'date_start', 'date_end'])
      .executeTakeFirstOrThrow();

  const gift = await insert({
    type: 'GIFT',
    name: 'Подарок к заказу от 10 000 ₽',
    sort: 100,
    active: true,
    start: -45,
    end: 45,
    limit: 200,
    description: 'Ежедневник в подарок к заказу от 10 000 ₽, настольный набор — к заказу от 25 000 ₽.',
  });
  const presents = [rng.pick(ofSection(products, 'Ежедневники')), rng.pick(ofSection(products, 'Настольные наборы'))];
  await insertRows(
    db,
    'offer_presents',
    presents.map((p, i) => ({
      partner_id: partnerId,
      offer_id: gift.id,
      product_id: p.id,
      sum: toMoney(i === 0 ? 10000 : 25000),
      product_type: 'GIFT',
      sort: (i + 1) * 10,
    })),
  );

  const discount = await insert({
    type: 'DISCOUNT',
    name: 'Скидка 15% на бумагу SvetoCopy',
    sort: 200,
    active: true,
    start: -20,
    end: 40,
    description: 'Офисная бумага SvetoCopy формата А4 и А3 со скидкой 15% от рекомендованной цены.',
  });
  const paper = products.filter((p) => p.active && p.brand.startsWith('SvetoCopy')).slice(0, 12);
  const prices = new Map(paper.map((p) => [p.id, roundPrice(p.rrc.mul('0.85'))]));
  await insertRows(
    db,
    'offer_products',
    paper.map((p) => ({ partner_id: partnerId, offer_id: discount.id, product_id: p.id, site_price: toMoney(prices.get(p.id)!) })),
  );

  await insert({
    type: 'BANNER',
    name: 'Снова в школу',
    sort: 300,
    active: false,
    start: -150,
    end: -90,
    notInBasket: true,
    description: 'Баннер к школьному сезону: тетради, пеналы и наборы для творчества.',
  });

  return { id: discount.id, dateStart: discount.date_start, dateEnd: discount.date_end!, prices };
}

/** The second partner's one offer: a gift from 15 000 ₽ (the manager's lists show offers of more than one partner). */
export async function seedSecondPartnerOffer(db: Db, partnerId: number, products: readonly SeededProduct[], now: Date): Promise<void> {
  const offer = await db
    .insertInto('offers')
    .values({
      partner_id: partnerId,
      type: 'GIFT',
      name: 'Подарок к заказу от 15 000 ₽',
      description: 'Органайзер для бумаг в подарок к заказу от 15 000 ₽.',
      active: true,
      date_start: addDays(now, -10),
      date_end: addDays(now, 50),
      sort: 100,
      created_at: addDays(now, -12),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const gift = ofSection(products, 'Настольные наборы')[0];
  await db
    .insertInto('offer_presents')
    .values({ partner_id: partnerId, offer_id: offer.id, product_id: gift.id, sum: toMoney(15000), product_type: 'GIFT', sort: 10 })
    .execute();
}
