import type { Db } from '@/db/database';
import type { SeededPartner } from './partners-seed';

/** The first partner's exchange account (README's demo accounts): 1C signs in with it, not a person. */
export const DEMO_EXCHANGE_1C_LOGIN = '1c@partner.demo';
/** 1C's usual wholesale price type, mapped by name before any exchange: its prices go to the base price list. */
const DEMO_EXCHANGE_1C_PRICE_TYPE = 'Оптовая';

/** The exchange with 1C of «Канцлер Опт» (issue 41): its account (the demo password) and one price-type mapping. */
export async function seedExchange1c(db: Db, partner: SeededPartner, passwordHash: string): Promise<void> {
  await db
    .insertInto('exchange_1c_settings')
    .values({
      partner_id: partner.id,
      login: DEMO_EXCHANGE_1C_LOGIN,
      password_hash: passwordHash,
      price_map: JSON.stringify([
        { typeId: DEMO_EXCHANGE_1C_PRICE_TYPE, typeName: DEMO_EXCHANGE_1C_PRICE_TYPE, priceListId: partner.basePriceListId },
      ]),
      price_types_seen: '[]',
    })
    .execute();
}
