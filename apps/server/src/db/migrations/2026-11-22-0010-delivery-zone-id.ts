import { sql, type Kysely } from 'kysely';

/**
 * A delivery zone has one identity: its id, which the spec's calls name delivery_zone_id (and the shop's checkout
 * will store on an order). The separate random code, which nothing read, goes; the list reads by sort.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table delivery_zones drop column delivery_zone_id`.execute(db);
  await sql`create index delivery_zones_sort_idx on delivery_zones (partner_id, sort, id)`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop index delivery_zones_sort_idx`.execute(db);
  await sql`alter table delivery_zones add column delivery_zone_id text not null default ''`.execute(db);
}
