import { ORDER_STATUS_LABEL } from '@b2b/contracts/messages';
import {
  ORDER_ACTION_MSG,
  ORDER_EXPORT_FILE,
  PAYMENT_TYPE_LABEL,
  type ExportAnswer,
  type OrderListAnswer,
  type OrderListItem,
  type OrderListQuery,
} from '@b2b/contracts/orders';
import type { Db } from '@/db/database';
import { XLSX_MIME, type FileStore } from '@/files/file-store';
import { moscowDayEnd, moscowDayStart, moscowDayText } from '@/http/moscow-days';
import { writeOrderListXlsx } from './order-export';
import { toListItem } from './order-view';
import { ordersRepo, type OrderFilter } from './orders.repo';
import { phoneDigitsOf } from '@/db/text-search';

const EXPORT_CHUNK = 1000;

export function toOrderFilter(q: OrderListQuery): OrderFilter {
  const text = q.query?.toLowerCase();
  return {
    status: q.status,
    clientId: q.client_id,
    from: q.date_start ? moscowDayStart(q.date_start) : undefined,
    to: q.date_end ? moscowDayEnd(q.date_end) : undefined,
    text: text || undefined,
    phoneDigits: text ? phoneDigitsOf(text) : undefined,
  };
}

const ENTITIES: OrderListAnswer['ENTITIES'] = { STATUS: { ...ORDER_STATUS_LABEL }, PAYMENT_TYPE: { ...PAYMENT_TYPE_LABEL } };

/** GET /v3/api/partner/orderlist/: the filtered, sorted page with its counts, and the export of the whole filtered list. */
export function orderListService(db: Db, files: FileStore) {
  const repo = ordersRepo(db);
  /** shop_id names the partner's own shop (its partner id); any other shop has none of this partner's orders. */
  const isForeignShop = (partnerId: number, q: OrderListQuery) => q.shop_id !== undefined && q.shop_id !== partnerId;
  const direction = (q: OrderListQuery): 'asc' | 'desc' => (q.order === 'ASC' ? 'asc' : 'desc');

  async function* allPages(partnerId: number, q: OrderListQuery): AsyncIterable<OrderListItem[]> {
    if (isForeignShop(partnerId, q)) return;
    const shop = await repo.shop(partnerId);
    const filter = toOrderFilter(q);
    for (let offset = 0; ; offset += EXPORT_CHUNK) {
      const rows = await repo.page(partnerId, filter, q.sort, direction(q), EXPORT_CHUNK, offset);
      yield rows.map((r) => toListItem(r, shop, partnerId));
      if (rows.length < EXPORT_CHUNK) return;
    }
  }

  return {
    async list(partnerId: number, q: OrderListQuery): Promise<OrderListAnswer> {
      const totals = await repo.totals(partnerId);
      const nav = (cnt: number) => ({ CNT: cnt, CNT_ALL: totals.all, NEW_CNT: totals.new });
      if (isForeignShop(partnerId, q)) return { ITEMS: [], NAV: nav(0), ENTITIES };
      const filter = toOrderFilter(q);
      const rows = await repo.page(partnerId, filter, q.sort, direction(q), q.limit, q.offset);
      const cnt = await repo.countFiltered(partnerId, filter);
      const shop = await repo.shop(partnerId);
      return { ITEMS: rows.map((r) => toListItem(r, shop, partnerId)), NAV: nav(cnt), ENTITIES };
    },

    /** action=export: an .xlsx of every order matching the filter, in the list's sort order. */
    async exportList(user: { id: number; partnerId: number }, q: OrderListQuery): Promise<ExportAnswer> {
      const stored = await files.create(
        { partnerId: user.partnerId, purpose: 'export', originalName: ORDER_EXPORT_FILE.list(moscowDayText(new Date())), mime: XLSX_MIME, createdBy: user.id },
        (file) => writeOrderListXlsx(file, allPages(user.partnerId, q)),
        db,
      );
      return { SUCCESS: 'Y', MESSAGE: ORDER_ACTION_MSG.exported, FILENAME: stored.originalName, URL: stored.url };
    },
  };
}
