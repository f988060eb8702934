import { sql, type Kysely } from 'kysely';

/**
 * The names a shop's product rows show (brand, country, manufacturer, line) move the distributor's catalogue version
 * too (migration 0024): a server keeps a shop's first section pages, names included, under that version.
 */
const TABLES = ['catalog_brands', 'catalog_countries', 'catalog_manufacturers', 'catalog_lines'];

export async function up(db: Kysely<any>): Promise<void> {
  for (const table of TABLES) {
    await sql
      .raw(
        `create trigger ${table}_version after insert or update or delete or truncate on ${table} for each statement execute function catalog_version_bump()`,
      )
      .execute(db);
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of TABLES) await sql.raw(`drop trigger ${table}_version on ${table}`).execute(db);
}
