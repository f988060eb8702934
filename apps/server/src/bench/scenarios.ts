/** What the benchmark asks the server: each a real route of the back office, as the web client calls it. */
export interface Scenario {
  name: string;
  /** The request path with its query; absent when the route does not exist yet. */
  path?: string;
  /** Paths asked in turn, one per request (`path` is the first): what nothing kept has answered before. */
  paths?: string[];
  /** Which targets hold it (report.ts): a list, a text search, a card; the trivial route is the ceiling the others are a share of. */
  kind: 'list' | 'search' | 'card' | 'ceiling' | 'report';
  /** A route the targets name by itself, over its kind's (issue 40: the order list, the order card, partner info). */
  role?: 'order list' | 'order card' | 'partner info';
  /** Why it is not measured (a screen of a later issue). */
  missing?: string;
  /** Who asks: the partner's owner, a buyer of its shop (the shop's routes), or the platform's manager (reports). */
  as?: 'owner' | 'buyer' | 'manager';
  /** A form-encoded body: the request is a POST (the reports). */
  body?: string;
}

export interface ScenarioContext {
  orderId: number;
  /** The client with the most orders (the heaviest client filter). */
  busyClientId: number;
  /** The partner's largest client group (its members' list). */
  groupId: number;
  /** YYYY-MM-DD, Moscow: today, 30 days earlier, and the partner's first order (a report over the whole history). */
  today: string;
  monthAgo: string;
  quarterAgo: string;
  firstOrderDay: string;
  /** Orders of the partner: a deep page and the last page are computed from it. */
  orderCount: number;
  /** A client priced by a column over its parent list (the longest chain of the price engine). */
  pricedClientId: number;
  /** A top section of the catalogue: its products at all depths. */
  topSectionId: number;
  /** A leaf section with products (the pricing page's usual view). */
  leafSectionId: number;
  /** A product's 6-digit code (the shop's search by code). */
  productCode: string;
  /** Words of the catalogue's names and their beginnings, many more than a run asks (searches not asked before). */
  searchWords: string[];
}

import { REPORT_CODES } from '@b2b/contracts/reports';

const ORDERS = '/v3/api/partner/orderlist/';
const CLIENTS = '/v3/api/partner/client/';

export function scenarios(c: ScenarioContext): Scenario[] {
  const deep = Math.min(100_000, Math.floor(c.orderCount / 2 / 12) * 12);
  const last = Math.max(0, Math.floor((c.orderCount - 1) / 12) * 12);
  return [
    { name: 'ceiling: GET utils/check', path: '/v3/api/utils/check/', kind: 'ceiling' },
    { name: 'orders: default', path: ORDERS, kind: 'list', role: 'order list' },
    { name: 'orders: status NEW', path: `${ORDERS}?status=NEW`, kind: 'list' },
    { name: 'orders: status COMPLETED', path: `${ORDERS}?status=COMPLETED`, kind: 'list' },
    { name: 'orders: last 30 days', path: `${ORDERS}?date_start=${c.monthAgo}&date_end=${c.today}`, kind: 'list' },
    { name: 'orders: busiest client', path: `${ORDERS}?client_id=${c.busyClientId}`, kind: 'list' },
    { name: 'orders: search client name', path: `${ORDERS}?query=${encodeURIComponent('меридиан')}`, kind: 'search' },
    { name: 'orders: search number', path: `${ORDERS}?query=${encodeURIComponent('К-1012')}`, kind: 'search' },
    { name: 'orders: search phone', path: `${ORDERS}?query=${encodeURIComponent('495) 512')}`, kind: 'search' },
    { name: `orders: deep page (offset ${deep})`, path: `${ORDERS}?offset=${deep}`, kind: 'list' },
    { name: `orders: last page (offset ${last})`, path: `${ORDERS}?offset=${last}`, kind: 'list' },
    { name: 'orders: sorted by sum', path: `${ORDERS}?sort=POSITION_SUM&order=DESC`, kind: 'list' },
    { name: 'order card', path: `/v3/api/partner/order/${c.orderId}/`, kind: 'card', role: 'order card' },
    { name: 'clients: default', path: CLIENTS, kind: 'list' },
    { name: 'clients: sorted by ORDERS_SUM', path: `${CLIENTS}?sort=ORDERS_SUM&order=DESC`, kind: 'list' },
    { name: 'clients: blacklist', path: `${CLIENTS}?blacklist=Y`, kind: 'list' },
    // Issue 40: a rare name, a word, an INN's beginning and a phone's, over 100,000 clients.
    ...['Ромашка', 'Иван', '7701', '+7 926'].map((q): Scenario => ({
      name: `clients: search «${q}»`,
      path: `${CLIENTS}?query=${encodeURIComponent(q)}`,
      kind: 'search',
    })),
    // Read by every screen of the back office.
    { name: 'partner info', path: '/v3/api/partner/info/', kind: 'card', role: 'partner info' },
    { name: 'groups: default', path: '/v3/api/partner/grouplist/', kind: 'list' },
    { name: "groups: a group's clients", path: `/v3/api/partner/group/${c.groupId}/`, kind: 'list' },
    {
      name: 'shop: catalogue page (24, a section)',
      path: `/v3/api/catalog/product/?section_id=${c.topSectionId}&limit=24`,
      kind: 'list',
      as: 'buyer',
    },
    { name: 'shop: catalogue search by code', path: `/v3/api/catalog/product/?query=${c.productCode}`, kind: 'search', as: 'buyer' },
    { name: 'shop: catalogue search by name', path: `/v3/api/catalog/product/?query=${encodeURIComponent('тетрадь')}`, kind: 'search', as: 'buyer' },
    // The shop keeps the pages of a search it was asked: this one asks a word nobody asked in the run before.
    {
      name: 'shop: catalogue search by name, a new word each time',
      path: `/v3/api/catalog/product/?query=${encodeURIComponent(c.searchWords[0])}`,
      paths: c.searchWords.map((w) => `/v3/api/catalog/product/?query=${encodeURIComponent(w)}`),
      kind: 'search',
      as: 'buyer',
    },
    { name: 'offers: list', path: '/v3/api/partner/offer/', kind: 'list' },
    { name: 'offers: all, 36 by name', path: '/v3/api/partner/offer/?active=ALL&limit=36&sort=NAME&order=ASC', kind: 'list' },
    // Each report over the default period (three months) and over the partner's whole history.
    ...REPORT_CODES.flatMap((code): Scenario[] =>
      [
        ['3 months', c.quarterAgo],
        ['whole history', c.firstOrderDay],
      ].map(([label, from]) => ({
        name: `report: ${code} (${label})`,
        path: `/v3/api/manager/report/${code}/`,
        kind: 'report',
        as: 'manager',
        body: new URLSearchParams({ date_from: from, date_to: c.today, limit: '20' }).toString(),
      })),
    ),
    {
      name: "pricing: a client's 24 prices (leaf section)",
      path: `/v3/api/partner/pricing/section/client/${c.pricedClientId}/${c.leafSectionId}/?limit=24`,
      kind: 'list',
    },
    {
      name: "pricing: a client's 24 prices (top section)",
      path: `/v3/api/partner/pricing/section/client/${c.pricedClientId}/${c.topSectionId}/?limit=24`,
      kind: 'list',
    },
    { name: 'pricing: section tree of a list', path: '/v3/api/partner/pricing/sections/pricelist/personal_price/', kind: 'card' },
  ];
}
