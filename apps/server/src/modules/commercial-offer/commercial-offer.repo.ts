import type { Updateable } from 'kysely';
import type { Db } from '@/db/database';
import type { CommercialOfferSettingsTable } from '@/db/schema';

export type OfferSettingsRow = NonNullable<Awaited<ReturnType<ReturnType<typeof commercialOfferRepo>['find']>>>;
export type OfferSettingsChanges = Omit<Updateable<CommercialOfferSettingsTable>, 'partner_id'>;

/** One settings row per partner. */
export function commercialOfferRepo(db: Db) {
  return {
    find: (partnerId: number) => db.selectFrom('commercial_offer_settings').selectAll().where('partner_id', '=', partnerId).executeTakeFirst(),

    upsert: (partnerId: number, changes: OfferSettingsChanges) =>
      db
        .insertInto('commercial_offer_settings')
        .values({ basket_export: '{}', ...changes, partner_id: partnerId, updated_at: new Date() })
        .onConflict((oc) => oc.column('partner_id').doUpdateSet({ ...changes, updated_at: new Date() }))
        .execute(),
  };
}
