import { sql, type RawBuilder } from 'kysely';

/*
 * The one stock figure of a partner's shop (issue 38 §8), read by the shop's catalogue, its YML feed and the order
 * card alike: the partner's own remains where it uploaded them (partner_product_remains), else the stock of the
 * nearest warehouse — the spec's "stock taken from the nearest warehouse", the distributor's first by its sort.
 * The distributor's other warehouses do not count: a shop promised 1 068 where its buyers were shown 628.
 * Borrowed read-only: partner_product_remains (module pricing), catalog_stock and catalog_warehouses (reference data).
 */

/** The nearest warehouse's id: the distributor's first by sort, then id. */
export const NEAREST_WAREHOUSE = sql<number>`(select w.id from catalog_warehouses w order by w.sort, w.id limit 1)`;

type Value = number | null | RawBuilder<number>;

/** Joins the partner's own remains as `r` and the warehouse's stock as `st` of the product `product`. */
export const shopStockJoins = (partnerId: Value, product: RawBuilder<unknown>, warehouseId: Value) => sql`
  left join partner_product_remains r on r.partner_id = ${partnerId} and r.product_id = ${product}
  left join catalog_stock st on st.product_id = ${product} and st.warehouse_id = ${warehouseId}`;

/** The figure over `shopStockJoins`: the partner's remains, else the warehouse's stock, else 0. */
export const SHOP_STOCK = sql<number>`coalesce(r.quantity, st.quantity, 0)::int`;

/** The shop's stock of an order line's product as one scalar subquery (the order's partner, the nearest warehouse). */
export const shopStockOf = (partnerId: RawBuilder<number>, product: RawBuilder<unknown>) =>
  sql<number>`(select ${SHOP_STOCK} from (select 1) as one ${shopStockJoins(partnerId, product, NEAREST_WAREHOUSE)})`;
