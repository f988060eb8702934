import { ORDER_STATUS_LABEL } from '@b2b/contracts/messages';
import type { ActionFailed } from '@b2b/contracts/http/envelope';
import type { ExportQueued } from '@b2b/contracts/jobs';
import { ORDER_EXPORT_FILE, PAYMENT_TYPE_LABEL, type OrderListAnswer, type OrderListItem, type OrderListQuery } from '@b2b/contracts/orders';
import type { Db } from '@/db/database';
import { moscowDayEnd, moscowDayStart, moscowDayText } from '@/http/moscow-days';
import { EXPORT_PAGE_SIZE, type ExportJobs, type ExportUser } from '@/jobs/export-jobs';
import { partnerTimeZone } from '@/files/shop-time-zone';
import { writeOrderListXlsx } from '../order-export';
import { toListItem } from '../order-view';
import { orderListRepo, type OrderFilter, type OrderSort, type PageAfter } from './order-list.repo';
import { ordersRepo } from '../orders.repo';
import { phoneDigitsOf, searchText } from '@/db/text-search';

export function toOrderFilter(q: OrderListQuery): OrderFilter {
  const text = searchText(q.query);
  return {
    status: q.status,
    clientId: q.client_id,
    from: q.date_start ? moscowDayStart(q.date_start) : undefined,
    fromDay: q.date_start,
    to: q.date_end ? moscowDayEnd(q.date_end) : undefined,
    toDay: q.date_end,
    text: text || undefined,
    phoneDigits: text ? phoneDigitsOf(text) : undefined,
  };
}

const ENTITIES: OrderListAnswer['ENTITIES'] = { STATUS: { ...ORDER_STATUS_LABEL }, PAYMENT_TYPE: { ...PAYMENT_TYPE_LABEL } };

/** GET /v3/api/partner/orderlist/: the filtered, sorted page with its counts, and the export of the whole filtered list. */
export function orderListService(db: Db, exports: ExportJobs) {
  const repo = orderListRepo(db);
  const orders = ordersRepo(db);
  /** shop_id names the partner's own shop (its partner id); any other shop has none of this partner's orders. */
  const isForeignShop = (partnerId: number, q: OrderListQuery) => q.shop_id !== undefined && q.shop_id !== partnerId;
  const direction = (q: OrderListQuery): 'asc' | 'desc' => (q.order === 'ASC' ? 'asc' : 'desc');
  /**
   * The list's totals, the page and the filter's count: a text search's found with its page and the totals in one
   * statement; a page near the start of a list the read model counts, with the totals and the shop's name in one;
   * else the totals and the shop's name in one, where the read model's count is when it can count the filter (else
   * counted apart: a client's), then the page.
   */
  const counted = async (partnerId: number | undefined, filter: OrderFilter, sort: OrderSort, q: OrderListQuery) => {
    if (filter.text) return repo.search(partnerId, filter, sort, direction(q), q);
    const together = await repo.totalsAndPage(partnerId, filter, sort, direction(q), q);
    if (together) return together;
    const totals = await repo.totals(partnerId, filter);
    const count = totals.matching !== undefined ? { n: totals.matching, more: false } : await repo.count(partnerId, filter);
    return { totals, count, rows: await repo.page(partnerId, filter, sort, direction(q), q, count) };
  };

  async function* allPages(partnerId: number, q: OrderListQuery): AsyncIterable<OrderListItem[]> {
    if (isForeignShop(partnerId, q)) return;
    const shop = await orders.shop(partnerId);
    const filter = toOrderFilter(q);
    let after: PageAfter | undefined;
    for (;;) {
      const rows = await repo.pageAfter(partnerId, filter, q.sort, direction(q), EXPORT_PAGE_SIZE, after);
      yield rows.map((r) => toListItem(r, shop, partnerId));
      if (rows.length < EXPORT_PAGE_SIZE) return;
      const last = rows[rows.length - 1];
      after = { key: last.sort_key, id: last.id };
    }
  }

  /** The export job: every order matching the filter, in the list's sort order, read in keyset pages. */
  exports.register<OrderListQuery>('export.orders', async (q, { user, track }) => {
    const total = isForeignShop(user.partnerId, q) ? 0 : (await repo.count(user.partnerId, toOrderFilter(q), Infinity)).n;
    return {
      name: ORDER_EXPORT_FILE.list(moscowDayText(new Date())),
      write: async (file) => writeOrderListXlsx(file, track(allPages(user.partnerId, q), total), await partnerTimeZone(db, user.partnerId)),
    };
  });

  return {
    async list(partnerId: number, q: OrderListQuery): Promise<OrderListAnswer> {
      const filter = toOrderFilter(q);
      if (isForeignShop(partnerId, q)) {
        const totals = await repo.totals(partnerId, filter);
        return { ITEMS: [], NAV: { CNT: 0, CNT_ALL: totals.all, NEW_CNT: totals.new }, ENTITIES };
      }
      const {
        totals,
        count: { n: cnt, more },
        rows,
      } = await counted(partnerId, filter, q.sort, q);
      const shop = { name: totals.shopName ?? '' };
      const nav = { CNT: cnt, CNT_ALL: totals.all, NEW_CNT: totals.new };
      return { ITEMS: rows.map((r) => toListItem(r, shop, partnerId)), NAV: more ? { ...nav, CNT_MORE: 'Y' } : nav, ENTITIES };
    },

    /**
     * The manager's list: one partner's (as its staff see it) or, without one, every partner's orders, newest first
     * (across partners only the date sort has an index).
     */
    async listAcross(partnerId: number | undefined, q: OrderListQuery): Promise<OrderListAnswer> {
      if (partnerId !== undefined) return this.list(partnerId, q);
      const filter = toOrderFilter({ ...q, client_id: undefined });
      const {
        totals,
        count: { n: cnt, more },
        rows,
      } = await counted(undefined, filter, 'CREATE_DATE', q);
      const shops = new Map(
        await Promise.all([...new Set(rows.map((r) => Number(r.partner_id)))].map(async (id) => [id, await orders.shop(id)] as const)),
      );
      const nav = { CNT: cnt, CNT_ALL: totals.all, NEW_CNT: totals.new };
      return {
        ITEMS: rows.map((r) => toListItem(r, shops.get(Number(r.partner_id)), Number(r.partner_id))),
        NAV: more ? { ...nav, CNT_MORE: 'Y' } : nav,
        ENTITIES,
      };
    },

    /** action=export: queues the .xlsx of every order matching the filter (the job's id answers at once). */
    exportList: (user: ExportUser, q: OrderListQuery): Promise<ExportQueued | ActionFailed> => exports.request('export.orders', user, q),
  };
}
