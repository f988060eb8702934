import { sql, type Kysely } from 'kysely';

/*
 * The trigger SQL files (db/read-model-sql.ts) applied so far: each file's name (its path under src/) and the
 * checksum of the text applied, so that a file is applied again only when it changed.
 */

export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    create table read_model_sql (
      name text primary key,
      checksum text not null,
      applied_at timestamptz not null default now()
    )`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop table read_model_sql`.execute(db);
}
