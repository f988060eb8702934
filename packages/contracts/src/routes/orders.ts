import { z } from 'zod';
import { actionFailed } from '../http/envelope';
import { route } from '../http/route';
import { pathId } from '../http/path-params';
import {
  basketAnswer,
  exportAnswer,
  loyaltyHistoryAnswer,
  orderActionSchema,
  orderCard,
  orderCardQuerySchema,
  orderChangeDone,
  orderListAnswer,
  orderListQuerySchema,
  paymentTypeAnswer,
  sendToBasketAnswer,
  sendToBasketSchema,
} from '../orders';
import { exportRequested } from '../jobs';

/** The order screens (back-office.md §2–§4, §7): the list, the card and its actions, the distribution-centre basket. */

const tags = ['orders'];

/** The actions every viewer of orders may take (they only read); the others need editOrders. */
export const ORDER_READ_ACTIONS = ['export', 'loyalty_history'] as const;

export const ORDER_ROUTES = {
  list: route({
    method: 'GET',
    path: '/v3/api/partner/orderlist/',
    access: { staff: 'viewOrders' },
    summary: 'Order list: filters, sort, paging, NAV counts; action=export queues the .xlsx of the whole list (JOB_ID)',
    tags,
    query: orderListQuerySchema,
    answer: z.union([orderListAnswer, exportRequested]),
  }),

  card: route({
    method: 'GET',
    path: '/v3/api/partner/order/:id/',
    access: { staff: 'viewOrders' },
    summary: 'Order card; action=loyalty_history answers its loyalty ledger, action=export an .xlsx link',
    tags,
    params: z.object({ id: pathId }),
    query: orderCardQuerySchema,
    answer: z.union([orderCard, exportAnswer, loyaltyHistoryAnswer]),
  }),

  /** The export answer is listed before the plain done answer, which would otherwise drop FILENAME and URL. */
  action: route({
    method: 'POST',
    path: '/v3/api/partner/order/:id/',
    access: { staff: 'viewOrders' },
    stricter: { field: 'action', except: ORDER_READ_ACTIONS, access: { staff: 'editOrders' } },
    summary: 'Order action: accept, complete, cancel, comment, note (editors); export, loyalty_history (viewers)',
    tags,
    params: z.object({ id: pathId }),
    body: orderActionSchema,
    answer: z.union([exportAnswer, orderChangeDone, actionFailed, loyaltyHistoryAnswer]),
  }),

  paymentType: route({
    method: 'POST',
    path: '/v3/api/partner/payment/type/:orderId/:paymentType/',
    access: { staff: 'editOrders' },
    summary: "Change an order's payment type to one of the shop's enabled types",
    tags,
    /** Any payment type code reaches the action, which refuses one the shop has not enabled with SUCCESS=N. */
    params: z.object({ orderId: pathId, paymentType: z.string().transform((code) => code.toUpperCase()) }),
    answer: z.union([paymentTypeAnswer, actionFailed]),
  }),

  basket: route({
    method: 'GET',
    path: '/v3/api/partner/sendtorelef/',
    access: { staff: 'viewOrders' },
    summary: 'The open distribution-centre basket: CNT distinct products and SUM',
    tags,
    answer: basketAnswer,
  }),

  sendToBasket: route({
    method: 'POST',
    path: '/v3/api/partner/sendtorelef/',
    access: { staff: 'editOrders' },
    summary: 'Send VIEWED orders (all, a list or one; optionally some products, offers) to the basket',
    tags,
    form: true,
    body: sendToBasketSchema,
    answer: z.union([sendToBasketAnswer, actionFailed]),
  }),
};
