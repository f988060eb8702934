import { z } from 'zod';
import { pathId } from '../http/path-params';
import { route } from '../http/route';
import { LIMITS } from '../limits';
import {
  buyerLoyalty,
  loyaltyActionDone,
  loyaltyAdjustBody,
  loyaltyAdjusted,
  loyaltyBalanceAnswer,
  loyaltyBalanceQuery,
  loyaltyClientAnswer,
  loyaltyCoefficientsAnswer,
  loyaltyCoefficientsBody,
  loyaltyParticipationAnswer,
  loyaltyParticipationBody,
  loyaltyParticipationQuery,
  loyaltyScoringAnswer,
  loyaltyScoringBody,
  loyaltySetStatusBody,
  loyaltyShopAnswer,
  loyaltyShopBody,
  loyaltyShopStatusAnswer,
  loyaltyStatusBody,
  loyaltyStatusesAnswer,
  loyaltyStatusesBody,
  loyaltyVisibilityAnswer,
  loyaltyVisibilityBody,
} from '../loyalty';

/**
 * The loyalty programme (shop-pricing-offers-loyalty.md §7 GET or POST /partner/loyalty/{type}/, shop, shop/status,
 * client/set_status/{id}, clients/plus, clients/minus). Who may (§6, back-office.md §6): the programme's state is read
 * by the loyalty viewers (LOYALTY, ADMIN, the owner); its settings, statuses, coefficients and visibility are edited
 * by ADMIN and the owner; scoring, participation, the balance and client statuses by ADMIN, LOYALTY and the owner.
 */

const tags = ['loyalty'];
const readers = { staff: ['loyaltyGeneralView', 'manageLoyalty'] } as const;
const settingsEditors = { staff: 'editLoyaltySettings' } as const;
const managers = { staff: 'manageLoyalty' } as const;
const P = '/v3/api/partner/loyalty';

/** GET and POST of one settings part. */
const part = <G extends z.ZodType, B extends z.ZodType>(
  path: string,
  what: string,
  answer: G,
  body: B,
  editors: typeof settingsEditors | typeof managers,
) => ({
  get: route({ method: 'GET', path: `${P}/${path}/`, access: readers, summary: `The programme's ${what}`, tags, answer }),
  save: route({
    method: 'POST',
    path: `${P}/${path}/`,
    access: editors,
    summary: `Save the programme's ${what} (the whole list)`,
    tags,
    form: true,
    body,
    answer: loyaltyActionDone,
  }),
});

export const LOYALTY_ROUTES = {
  shop: route({
    method: 'GET',
    path: `${P}/shop/`,
    access: readers,
    summary: 'The programme: INSTALLED, STATUS (on), ITEM (its settings) or DEFAULT before installation',
    tags,
    answer: loyaltyShopAnswer,
  }),
  saveShop: route({
    method: 'POST',
    path: `${P}/shop/`,
    access: settingsEditors,
    summary:
      'Install the programme (the first save) or save its settings: title (at most 35), description, visability, burn_days, logo and offer_file (multipart)',
    tags,
    form: true,
    files: { maxFiles: 2, maxFileBytes: LIMITS.uploadMaxBytes },
    body: loyaltyShopBody,
    answer: loyaltyActionDone,
  }),
  status: route({
    method: 'GET',
    path: `${P}/shop/status/`,
    access: readers,
    summary: "The programme's state without its settings: INSTALLED, STATUS (Y: on), DATE_INSTALL (Unix seconds, null before installation)",
    tags,
    answer: loyaltyShopStatusAnswer,
  }),
  switch: route({
    method: 'POST',
    path: `${P}/shop/status/`,
    access: settingsEditors,
    summary: 'Switch the installed programme on (STATUS=Y) or off (STATUS=N)',
    tags,
    form: true,
    body: loyaltyStatusBody,
    answer: loyaltyActionDone,
  }),
  statuses: part('statuses', 'statuses (TITLE, MULTIPLIER percent, THRESHOLD turnover)', loyaltyStatusesAnswer, loyaltyStatusesBody, settingsEditors),
  coefficients: part('coefficients', 'brand (TM) coefficients', loyaltyCoefficientsAnswer, loyaltyCoefficientsBody, settingsEditors),
  visability: part(
    'visability',
    'visibility: the default and each group’s (ALL, AUTH, ENABLED)',
    loyaltyVisibilityAnswer,
    loyaltyVisibilityBody,
    settingsEditors,
  ),
  scoring: part(
    'scoring',
    'scoring conditions on the margin (markup_from/to, markup_pct_from/to, points_pct)',
    loyaltyScoringAnswer,
    loyaltyScoringBody,
    managers,
  ),

  participation: route({
    method: 'GET',
    path: `${P}/participation/`,
    access: managers,
    summary:
      'Clients with their loyalty rows as CLIENTS (IS_AVAIL, ENABLED, ENABLED_DATE, BALANCE, CARD_CODE, STATUS, DATE_STATUS_END); query, is_avail, status_id, sort, order, limit, p',
    tags,
    query: loyaltyParticipationQuery,
    answer: loyaltyParticipationAnswer,
  }),
  setParticipation: route({
    method: 'POST',
    path: `${P}/participation/`,
    access: managers,
    summary: 'Connect a client to the programme (enabled=Y, card_code or a generated one) or disconnect it (enabled=N)',
    tags,
    form: true,
    body: loyaltyParticipationBody,
    answer: loyaltyActionDone,
  }),
  balance: route({
    method: 'GET',
    path: `${P}/balance/`,
    access: managers,
    summary: 'The ledger: every movement of points (operation, client_id, date_start, date_end; ASC by default), NAV.NEW_CNT of the last 24 hours',
    tags,
    query: loyaltyBalanceQuery,
    answer: loyaltyBalanceAnswer,
  }),
  plus: route({
    method: 'POST',
    path: `${P}/clients/plus/`,
    access: managers,
    summary: 'Credit whole points to a member with a comment; the same key twice credits once',
    tags,
    form: true,
    body: loyaltyAdjustBody,
    answer: loyaltyAdjusted,
  }),
  minus: route({
    method: 'POST',
    path: `${P}/clients/minus/`,
    access: managers,
    summary:
      'Write whole points off a member with a comment (never below zero, from the points closest to burning); the same key twice writes off once',
    tags,
    form: true,
    body: loyaltyAdjustBody,
    answer: loyaltyAdjusted,
  }),
  setStatus: route({
    method: 'POST',
    path: `${P}/client/set_status/:id/`,
    access: managers,
    summary: "Set a member's status and until when it holds (date_status_end, empty: no end)",
    tags,
    form: true,
    params: z.object({ id: pathId }),
    body: loyaltySetStatusBody,
    answer: loyaltyActionDone,
  }),
  client: route({
    method: 'GET',
    path: `${P}/client/:id/`,
    access: { staff: 'manageLoyaltyClients' },
    summary: "A client's loyalty and its history (the client card's tab); SUCCESS N with loyalty_client_not_found outside the programme",
    tags,
    params: z.object({ id: pathId }),
    answer: loyaltyClientAnswer,
  }),

  /** The shop: the buyer's points where the programme's visibility allows. */
  buyer: route({
    method: 'GET',
    path: '/v3/api/client/loyalty/',
    access: 'client',
    summary: "The signed-in buyer's programme, balance, status and card, when the visibility for its groups allows",
    tags,
    answer: buyerLoyalty,
  }),
};
