import { action } from '../http/envelope';
import { route } from '../http/route';
import { exchange1cLogAnswer, exchange1cLogQuery, exchange1cSaveBody, exchange1cSettingsAnswer } from '../exchange-1c';

/**
 * Настройки магазина → «Обмен с 1С» (issue 41): the exchange account, the address to paste into 1C, the price-type
 * mapping, the statuses sent, and the exchange log. ADMIN and the owner only: the screen shows the account's login.
 * (The exchange itself, /exchange/1c, is 1C's protocol, not a contract route.)
 */

const tags = ['exchange with 1C'];
const access = { staff: 'manageExchange1c' } as const;

export const EXCHANGE_1C_ROUTES = {
  view: route({
    method: 'GET',
    path: '/v3/api/partner/exchange1c/',
    access,
    summary: 'The exchange with 1C: login (never the password), the address for 1C, statuses sent, the price-type mapping and its choices',
    tags,
    answer: exchange1cSettingsAnswer,
  }),

  save: route({
    method: 'POST',
    path: '/v3/api/partner/exchange1c/',
    access,
    summary:
      'Save the exchange account (login, password: empty keeps it), the statuses sent (statuses[]) and the mapping (price_map[i][type_id|type_name|price_list_id])',
    tags,
    form: true,
    body: exchange1cSaveBody,
    answer: action(),
  }),

  log: route({
    method: 'GET',
    path: '/v3/api/partner/exchange1c/log/',
    access,
    summary: 'The exchange log, newest first (limit, offset): files, counts, unmatched codes, errors, status and progress of each run',
    tags,
    query: exchange1cLogQuery,
    answer: exchange1cLogAnswer,
  }),
};
