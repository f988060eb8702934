import { sql, type Kysely } from 'kysely';

/*
 * The order list leaves the tombstones of routed orders out (routed_to_order_id is null, 0049), which its indexes could
 * not tell: every skipped entry's row was read from the table to test it. By sum at offset 100,000 of 1,000,000
 * orders 1.3 s, where the index alone takes 41 ms; the day seek's skip (6,171 entries) 2.2 ms; the busiest client's
 * count (3,153 orders) most of that route's 2.1–2.9 ms CPU (EXPLAIN ANALYZE and bench, large set). With this migration
 * (bench, c = 32, CPU per request): the busiest client's list 2.1–2.9 -> 1.2 ms, the deep page by date 2.6–3.1 -> 2.0 ms.
 * - The four sort-only indexes (0012) become partial: only the list sorts by them.
 * - The date's, the status's and the client's carry the column (INCLUDE) and stay whole: others read them too (a
 *   client's delete checks its orders on the client's, the partner's first order date comes from the date's).
 */
const SORT_INDEXES = {
  orders_status_rank_idx: '(partner_id, status_rank, id)',
  orders_client_name_idx: '(partner_id, lower(client_name), id)',
  orders_position_count_idx: '(partner_id, position_count, id)',
  orders_position_sum_idx: '(partner_id, position_sum, id)',
};
const FILTER_INDEXES = {
  orders_list_idx: '(partner_id, created_at desc, id desc)',
  orders_status_idx: '(partner_id, status, created_at desc, id desc)',
  orders_client_idx: '(partner_id, client_id, created_at desc, id desc)',
};

async function recreate(db: Kysely<any>, live: boolean) {
  const ddl = (text: string) => sql.raw(text).execute(db);
  for (const [name, columns] of Object.entries(SORT_INDEXES)) {
    await ddl(`drop index ${name}`);
    await ddl(`create index ${name} on orders ${columns}${live ? ' where routed_to_order_id is null' : ''}`);
  }
  for (const [name, columns] of Object.entries(FILTER_INDEXES)) {
    await ddl(`drop index ${name}`);
    await ddl(`create index ${name} on orders ${columns}${live ? ' include (routed_to_order_id)' : ''}`);
  }
}

export async function up(db: Kysely<any>): Promise<void> {
  await recreate(db, true);
}

export async function down(db: Kysely<any>): Promise<void> {
  await recreate(db, false);
}
