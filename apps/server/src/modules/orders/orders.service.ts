import { ORDER_STATUS_LABEL } from '@b2b/contracts/messages';
import type { Db } from '@/db/database';
import { toSeconds } from '@/http/envelope';
import { ordersRepo } from './orders.repo';

export function ordersService(db: Db) {
  const repo = ordersRepo(db);
  return {
    async stats(partnerId?: number): Promise<{ count: number; minDate: Date | null }> {
      const row = await repo.stats(partnerId);
      return { count: Number(row.count), minDate: (row.min_date as Date | null) ?? null };
    },

    /** The order card as read (back-office.md §3 Order). Undefined when the id is not this partner's. */
    async card(partnerId: number, id: number) {
      const order = await repo.findById(partnerId, id);
      if (!order) return undefined;
      const items = await repo.items(partnerId, id);
      return {
        ID: order.id,
        ORDER_NUMBER: order.order_number,
        CREATE_DATE: toSeconds(order.created_at),
        STATUS: { STATUS_CODE: order.status, STATUS_NAME: ORDER_STATUS_LABEL[order.status] },
        CLIENT: { ID: order.client_id, NAME: order.client_name },
        CONTACTS: { NAME: order.contact_name, PHONE: order.contact_phone, MAIL: order.contact_email },
        USER: { PHONE: order.user_phone },
        ADDRESS: order.address,
        PAYMENT_TYPE: { CODE: order.payment_type },
        CURRENCY: order.currency,
        POSITION_COUNT: order.position_count,
        POSITION_SUM: order.position_sum,
        POSITION_MARGIN: order.position_margin,
        DELIVERY_PRICE: order.delivery_price,
        TAX_TYPE: order.tax_type,
        MIN_ORDER_SUM: order.min_order_sum,
        COMMENT: order.comment,
        SHOP_COMMENT: order.shop_comment,
        CANCEL_COMMENT: order.cancel_comment,
        PRODUCTS: items.map((i) => ({
          ID: i.product_id,
          UP_CODE_1C: i.up_code_1c,
          NAME: i.name,
          BUYING_PRICE: i.buying_price,
          PRICE: i.price,
          QUANTITY: i.quantity,
          SPECIAL: i.special ? 'Y' : 'N',
        })),
      };
    },
  };
}

export type OrdersService = ReturnType<typeof ordersService>;
