import { z } from 'zod';
import { fileBytes, MEDIA_TYPES } from '../http/form-fields';
import { route } from '../http/route';
import { actionFailed, money } from '../http/envelope';
import { pathId } from '../http/path-params';
import { formId } from '../numbers';
import { orderCard, orderChangeDone, orderListAnswer, orderListQuerySchema } from '../orders';
import { reportAnswer, reportBody, reportKinds, REPORT_CODES } from '../reports';
import { managerOrderActionSchema, orderRouted } from '../order-routing';

const partnerParam = z.preprocess((v) => (v === '' || v === null ? undefined : v), formId().optional().catch(undefined));

/**
 * The order list's filters across partners: the partner's filters and the partner (absent: every partner), named
 * shop_id as the spec names it (back-office.md §7) or partner_id, its synonym; shop_id wins when both are sent.
 */
export const managerOrderListQuery = orderListQuerySchema.omit({ action: true, shop_id: true }).extend({
  shop_id: partnerParam,
  partner_id: partnerParam,
});

/** What the manager does with an order: the partner staff's status actions and texts. */
export const MANAGER_ORDER_ACTIONS = ['accept', 'complete', 'cancel', 'comment', 'note'] as const;

/**
 * The platform manager's calls (back-office.md §6 user kinds, §7 /manager/partner/, /manager/report/,
 * /manager/report/{code}/). Partner staff get 403 on every one of them.
 */

const tags = ['manager'];

/**
 * A row of the manager's partner list (issue 39 §2): its shop (link, domain, whether it has one), clients, orders
 * (routed ones not counted), the last 30 Moscow days' orders and revenue (orders not CANCELED, roubles, as the
 * reports count them) and whether its loyalty programme is on (as partner info's LOYALTY_ON).
 */
export const managerPartner = z.object({
  ID: z.number().int(),
  NAME: z.string(),
  SHOP_LINK: z.string().nullable(),
  DOMAIN: z.string().nullable(),
  HAS_SHOP: z.boolean(),
  CLIENTS_COUNT: z.number().int(),
  ORDERS_COUNT: z.number().int(),
  ORDERS_30_COUNT: z.number().int(),
  ORDERS_30_SUM: money,
  LOYALTY_ON: z.boolean(),
});
export type ManagerPartner = z.infer<typeof managerPartner>;

/** The partner list's search: part of a name, a shop link or a domain, any case. */
export const managerPartnerQuery = z.object({ query: z.string().trim().max(100).optional() });
/**
 * POST's form is the search: its query, always sent (empty: every partner), and nothing else — a body without it or
 * with a field it does not know (a form meant for another route) is refused with 400 rather than answered as a
 * search for everything. The wire's own request_id, time_connection and page may ride along (our client sends them
 * in the address).
 */
const managerPartnerSearch = z
  .object({
    query: z.string().trim().max(100),
    request_id: z.string().max(100).optional(),
    time_connection: z.string().max(100).optional(),
    page: z.string().max(100).optional(),
  })
  .strict();
const managerPartnerList = z.object({ ITEMS: z.array(managerPartner) });

export const MANAGER_ROUTES = {
  partners: route({
    method: 'GET',
    path: '/v3/api/manager/partner/',
    access: 'manager',
    summary:
      'The partners of the platform (query: part of a name, shop link or domain), with their shop, clients, orders, the last 30 days and loyalty',
    tags,
    query: managerPartnerQuery,
    answer: managerPartnerList,
  }),

  partnersSearch: route({
    method: 'POST',
    path: '/v3/api/manager/partner/',
    access: 'manager',
    summary: 'The partner list as GET answers it, the query (part of a name, shop link or domain) in the form body',
    tags,
    body: managerPartnerSearch,
    answer: managerPartnerList,
  }),

  orders: route({
    method: 'GET',
    path: '/v3/api/manager/order/',
    access: 'manager',
    summary: "Orders across partners: the partner's order list filters and shop_id (partner_id, its synonym; SHOP names each order's partner)",
    tags,
    query: managerOrderListQuery,
    answer: orderListAnswer,
  }),

  order: route({
    method: 'GET',
    path: '/v3/api/manager/order/:id/',
    access: 'manager',
    summary: "Any partner's order card",
    tags,
    params: z.object({ id: pathId }),
    answer: orderCard,
  }),

  orderAction: route({
    method: 'POST',
    path: '/v3/api/manager/order/:id/',
    access: 'manager',
    summary:
      "The partner staff's status actions on any partner's order: accept, complete, cancel (with cancel_comment), comment, note; partner_id (with action=route or alone) routes the order to that partner (issue 39 §1)",
    tags,
    form: true,
    params: z.object({ id: pathId }),
    body: managerOrderActionSchema,
    // Routed first: a status answer's fields are all optional and would take a routing's answer, dropping its ORDER.
    answer: z.union([orderRouted, orderChangeDone, actionFailed]),
  }),

  catalog: route({
    method: 'GET',
    path: '/v3/api/manager/catalog/',
    access: 'manager',
    summary: "The catalogue's brands and sections (reference data) for the reports' filters",
    tags,
    answer: z.object({
      BRANDS: z.array(z.object({ ID: z.number().int(), NAME: z.string() })),
      SECTIONS: z.array(z.object({ ID: z.number().int(), NAME: z.string(), PARENT_ID: z.number().int().nullable() })),
    }),
  }),

  reports: route({
    method: 'GET',
    path: '/v3/api/manager/report/',
    access: 'manager',
    summary: 'The report kinds: CODE, NAME, PARAMS (the filters each takes)',
    tags,
    answer: reportKinds,
  }),

  report: route({
    method: 'POST',
    path: '/v3/api/manager/report/:code/',
    access: 'manager',
    summary:
      'Build a report (date_from, date_to, shop_id, sections, tm_id, product_id, limit 5/10/20/100/250): REPORT_ID (kept a day), COLUMNS, ITEMS, TOTALS, CHART; action=export answers FILE, the .xlsx — of the report built under report_id when one is sent',
    tags,
    form: true,
    params: z.object({ code: z.enum(REPORT_CODES) }),
    body: reportBody,
    answer: reportAnswer,
  }),

  reportXlsx: route({
    method: 'GET',
    path: '/v3/api/manager/report/:code/xlsx/',
    access: 'manager',
    summary: 'The report as an .xlsx (the FILE address action=export answers): the report kept under report_id, or the same filters in the query',
    tags,
    params: z.object({ code: z.enum(REPORT_CODES) }),
    query: reportBody,
    answer: fileBytes,
    answerType: [MEDIA_TYPES.xlsx],
  }),
};
