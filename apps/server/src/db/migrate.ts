import { Migrator, type Migration, type MigrationProvider } from 'kysely';
import type { Db } from './database';
import * as initialSchema from './migrations/2026-11-22-0001-initial-schema';
import * as usersDeletedAt from './migrations/2026-11-22-0002-users-deleted-at';
import * as shopSettings from './migrations/2026-11-22-0003-shop-settings';
import * as oneActiveDeliveryExclude from './migrations/2026-11-22-0008-one-active-delivery-exclude';
import * as staffEmailPerPartner from './migrations/2026-11-22-0007-staff-email-per-partner';
import * as refreshSuccessorSeed from './migrations/2026-11-22-0009-refresh-successor-seed';
import * as deliveryZoneId from './migrations/2026-11-22-0010-delivery-zone-id';
import * as domainEvents from './migrations/2026-11-23-0011-domain-events';
import * as listReadModels from './migrations/2026-11-23-0012-list-read-models';
import * as exportJobs from './migrations/2026-11-23-0013-export-jobs';
import * as priceUploads from './migrations/2026-11-23-0014-price-uploads';
import * as catalogSectionIndex from './migrations/2026-11-23-0015-catalog-section-index';
import * as shopBaskets from './migrations/2026-11-23-0016-shop-baskets';
import * as offersLive from './migrations/2026-11-23-0017-offers-live';
import * as loyaltyLedger from './migrations/2026-11-23-0018-loyalty-ledger';
import * as reportingReadModel from './migrations/2026-11-23-0019-reporting-read-model';
import * as ordersAcrossPartners from './migrations/2026-11-23-0020-orders-across-partners';
import * as stockByWarehouse from './migrations/2026-11-24-0021-stock-by-warehouse';
import * as priceApplyCheckpoint from './migrations/2026-11-25-0022-price-apply-checkpoint';
import * as catalogSectionCounts from './migrations/2026-11-25-0023-catalog-section-counts';
import * as shopCatalogVersions from './migrations/2026-11-25-0024-shop-catalog-versions';
import * as offerSortIndexes from './migrations/2026-11-25-0025-offer-sort-indexes';
import * as clientNameTrigrams from './migrations/2026-11-26-0026-client-name-trigrams';
import * as catalogNamesVersion from './migrations/2026-11-26-0027-catalog-names-version';
import * as pricingVersions from './migrations/2026-11-26-0028-pricing-versions';
import * as rateLimitHits from './migrations/2026-11-26-0029-rate-limit-hits';
import * as rollbackCursor from './migrations/2026-11-26-0030-rollback-cursor';
import * as orderSearchSuffixes from './migrations/2026-11-26-0031-order-search-suffixes';
import * as ginWithoutPendingLists from './migrations/2026-11-26-0032-gin-without-pending-lists';
import * as priceUploadWorkRowsUnchecked from './migrations/2026-11-26-0033-price-upload-work-rows-unchecked';
import * as priceListRowsCheckedPerStatement from './migrations/2026-11-26-0034-price-list-rows-checked-per-statement';
import * as tableChangeNotices from './migrations/2026-11-27-0035-table-change-notices';
import * as orderStatusCounts from './migrations/2026-11-27-0036-order-status-counts';
import * as numberBounds from './migrations/2026-11-28-0038-number-bounds';
import * as fileExpiry from './migrations/2026-11-28-0039-file-expiry';
import * as loyaltyKeyPerClient from './migrations/2026-11-28-0040-loyalty-key-per-client';
import * as reportOrderCounts from './migrations/2026-11-28-0041-report-order-counts';
import * as shopTimeZone from './migrations/2026-11-28-0043-shop-time-zone';
import * as orderCurPrice from './migrations/2026-11-28-0045-order-cur-price';
import * as orderDeliveryZone from './migrations/2026-11-28-0046-order-delivery-zone';
import * as loyaltyBalanceGuard from './migrations/2026-11-28-0047-loyalty-balance-guard';
import * as reportGroupOrders from './migrations/2026-11-28-0048-report-group-orders';
import * as orderRouting from './migrations/2026-11-28-0049-order-routing';
import * as reportResults from './migrations/2026-11-28-0051-report-results';
import * as orderSortIndexesLive from './migrations/2026-11-28-0056-order-sort-indexes-live';
import * as clientSearchTrigrams from './migrations/2026-11-28-0057-client-search-trigrams';
import * as readModelSql from './migrations/2026-11-28-0058-read-model-sql';
import * as exchange1c from './migrations/2026-11-28-0059-exchange-1c';
import * as upkeepTurns from './migrations/2026-11-28-0061-upkeep-turns';
import * as reportOrderSetsProducts from './migrations/2026-11-28-0062-report-order-sets-products';
import { applyReadModelSql } from './read-model-sql';

/** Dated migrations, listed here so that the bundled server carries them. */
const MIGRATIONS: Record<string, Migration> = {
  '2026-11-22-0001-initial-schema': initialSchema,
  '2026-11-22-0002-users-deleted-at': usersDeletedAt,
  '2026-11-22-0003-shop-settings': shopSettings,
  '2026-11-22-0008-one-active-delivery-exclude': oneActiveDeliveryExclude,
  '2026-11-22-0007-staff-email-per-partner': staffEmailPerPartner,
  '2026-11-22-0009-refresh-successor-seed': refreshSuccessorSeed,
  '2026-11-22-0010-delivery-zone-id': deliveryZoneId,
  '2026-11-23-0011-domain-events': domainEvents,
  '2026-11-23-0012-list-read-models': listReadModels,
  '2026-11-23-0013-export-jobs': exportJobs,
  '2026-11-23-0014-price-uploads': priceUploads,
  '2026-11-23-0015-catalog-section-index': catalogSectionIndex,
  '2026-11-23-0016-shop-baskets': shopBaskets,
  '2026-11-23-0017-offers-live': offersLive,
  '2026-11-23-0018-loyalty-ledger': loyaltyLedger,
  '2026-11-23-0019-reporting-read-model': reportingReadModel,
  '2026-11-23-0020-orders-across-partners': ordersAcrossPartners,
  '2026-11-24-0021-stock-by-warehouse': stockByWarehouse,
  '2026-11-25-0022-price-apply-checkpoint': priceApplyCheckpoint,
  '2026-11-25-0023-catalog-section-counts': catalogSectionCounts,
  '2026-11-25-0024-shop-catalog-versions': shopCatalogVersions,
  '2026-11-25-0025-offer-sort-indexes': offerSortIndexes,
  '2026-11-26-0026-client-name-trigrams': clientNameTrigrams,
  '2026-11-26-0027-catalog-names-version': catalogNamesVersion,
  '2026-11-26-0028-pricing-versions': pricingVersions,
  '2026-11-26-0029-rate-limit-hits': rateLimitHits,
  '2026-11-26-0030-rollback-cursor': rollbackCursor,
  '2026-11-26-0031-order-search-suffixes': orderSearchSuffixes,
  '2026-11-26-0032-gin-without-pending-lists': ginWithoutPendingLists,
  '2026-11-26-0033-price-upload-work-rows-unchecked': priceUploadWorkRowsUnchecked,
  '2026-11-26-0034-price-list-rows-checked-per-statement': priceListRowsCheckedPerStatement,
  '2026-11-27-0035-table-change-notices': tableChangeNotices,
  '2026-11-27-0036-order-status-counts': orderStatusCounts,
  '2026-11-28-0038-number-bounds': numberBounds,
  '2026-11-28-0039-file-expiry': fileExpiry,
  '2026-11-28-0040-loyalty-key-per-client': loyaltyKeyPerClient,
  '2026-11-28-0041-report-order-counts': reportOrderCounts,
  '2026-11-28-0043-shop-time-zone': shopTimeZone,
  '2026-11-28-0045-order-cur-price': orderCurPrice,
  '2026-11-28-0046-order-delivery-zone': orderDeliveryZone,
  '2026-11-28-0047-loyalty-balance-guard': loyaltyBalanceGuard,
  '2026-11-28-0048-report-group-orders': reportGroupOrders,
  '2026-11-28-0049-order-routing': orderRouting,
  '2026-11-28-0051-report-results': reportResults,
  '2026-11-28-0056-order-sort-indexes-live': orderSortIndexesLive,
  '2026-11-28-0057-client-search-trigrams': clientSearchTrigrams,
  '2026-11-28-0058-read-model-sql': readModelSql,
  '2026-11-28-0059-exchange-1c': exchange1c,
  '2026-11-28-0061-upkeep-turns': upkeepTurns,
  '2026-11-28-0062-report-order-sets-products': reportOrderSetsProducts,
};

const provider: MigrationProvider = { getMigrations: async () => MIGRATIONS };

/*
 * Two kinds of change, like Flyway's versioned and repeatable migrations. Tables, columns, indexes and data move by
 * the dated migrations above, each run once, in order. The triggers and their functions (the read models the lists
 * and reports read, the catalogue's and prices' versions, a few guards) live in named `.sql` files beside the code
 * they serve, listed in db/read-model-sql.ts: each holds the current definition and can run again, and after the
 * dated migrations every file whose checksum differs from the one recorded in read_model_sql is applied, in that
 * list's order, each in its own transaction. To change a trigger, edit its file (the next start applies it); a
 * dated migration fills or rebuilds the read model's rows when the change needs it, and drops what a file no longer
 * defines. The older migrations still create the first versions (a fresh database runs them, then the files).
 */
export async function migrateToLatest(db: Db): Promise<string[]> {
  // Migrations numbered in parallel land in any order: one with a lower number than the last applied still runs.
  const migrator = new Migrator({ db, provider, allowUnorderedMigrations: true });
  const { error, results } = await migrator.migrateToLatest();
  if (error) throw error instanceof Error ? error : new Error(String(error));
  const migrations = (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
  return [...migrations, ...(await applyReadModelSql(db))];
}
