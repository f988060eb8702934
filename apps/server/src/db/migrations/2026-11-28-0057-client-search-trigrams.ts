import { sql, type Kysely } from 'kysely';

/**
 * The client list's text search by trigram (issue 40): its fields as one text (the name and e-mail lower-case, the
 * INN, U+0001 between them, which a search text never holds), and the phone's digits. A rare name over 100,000
 * clients was found by reading them all, twice (the page and its count: 100–210 ms); on these indexes, in under a
 * millisecond. The list's search (modules/clients/list) writes the same expressions, so that the planner matches them.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`create index clients_search_trgm on clients
    using gin ((lower(name) || chr(1) || coalesce(inn, '') || chr(1) || lower(coalesce(email, ''))) gin_trgm_ops)
    with (fastupdate = off)`.execute(db);
  await sql`create index clients_phone_digits_trgm on clients
    using gin (regexp_replace(coalesce(phone, ''), '[^0-9]', '', 'g') gin_trgm_ops)
    with (fastupdate = off)`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop index clients_phone_digits_trgm`.execute(db);
  await sql`drop index clients_search_trgm`.execute(db);
}
