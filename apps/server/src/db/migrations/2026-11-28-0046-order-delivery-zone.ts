import { sql, type Kysely } from 'kysely';

/*
 * Issue 38 §4: delivery is priced by zone at checkout.
 * - A zone may carry its own free-delivery threshold (roubles; null: the shop's MIN_SUM applies) and a polygon of
 *   [latitude, longitude] points (the geocoded address is looked up in it when GEOCODER_URL is set).
 * - A shop may accept addresses outside every zone at a price agreed later («стоимость по согласованию»).
 * - An order keeps the zone of the moment: its id (no foreign key: a zone deleted later leaves the order as it was)
 *   and its name, and whether its delivery price is to be agreed.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table delivery_zones add column free_from numeric(18,4), add column polygon jsonb`.execute(db);
  await sql`alter table delivery_zones add constraint delivery_zones_money_range
    check ((price is null or price between 0 and 999999999.99) and (free_from is null or free_from between 0 and 999999999.99)) not valid`.execute(
    db,
  );
  await sql`alter table shops add column delivery_outside_zones boolean not null default false`.execute(db);
  await sql`alter table orders add column delivery_zone_id bigint, add column delivery_zone_name text,
    add column delivery_by_agreement boolean not null default false`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`alter table orders drop column delivery_zone_id, drop column delivery_zone_name, drop column delivery_by_agreement`.execute(db);
  await sql`alter table shops drop column delivery_outside_zones`.execute(db);
  await sql`alter table delivery_zones drop constraint delivery_zones_money_range`.execute(db);
  await sql`alter table delivery_zones drop column free_from, drop column polygon`.execute(db);
}
