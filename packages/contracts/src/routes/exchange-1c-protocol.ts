import { z } from 'zod';
import { EXCHANGE_1C_LIMITS } from '../exchange-1c';
import { fileBytes } from '../http/form-fields';
import { route } from '../http/route';

/*
 * 1C:Enterprise's «Обмен с сайтом» (issue 41): the site's side of the standard protocol, at /exchange/1c and at the
 * address 1C's settings default to, /bitrix/admin/1c_exchange.php. Not an API of the platform's: 1C is the caller,
 * with its own authorization (HTTP Basic at checkauth, then the cookie it was given, or `sessid` in the query), so
 * the table's access is public; the body of mode=file is raw bytes read as a stream within file_limit; the answers
 * are text lines (`success`, `progress`, `failure` and the Russian reason) with HTTP 200 whatever happens, UTF-8 or
 * windows-1251 as the request asks, and the orders document of a sale query.
 */

/** The protocol's own messages (the exchange's others are EXCHANGE_1C_MSG). */
export const EXCHANGE_1C_PROTOCOL_MSG = {
  serverError: 'Ошибка сервера при обмене с 1С: повторите обмен позже',
} as const;

export const exchangeQuery = z.object({
  type: z.string().optional().describe('catalog or sale'),
  mode: z.string().optional().describe('checkauth, init, file, import, query, success, deactivate, complete'),
  filename: z.string().optional().describe('mode=file and mode=import: the file, relative (import_files/… allowed), no ..'),
  sessid: z.string().optional().describe('The session as checkauth gave it, when the cookie is not sent'),
  encoding: z.string().optional().describe('windows-1251 to be answered in it (or Accept-Charset naming it first)'),
});

const exchangeAnswer = fileBytes;

const summary =
  `1C's exchange (CommerceML 2): checkauth with HTTP Basic → success, the cookie's name and value, sessid=, timestamp=; ` +
  `init → zip=yes, file_limit=${EXCHANGE_1C_LIMITS.filePartBytes}; file (POST, raw bytes of any media type, at most ` +
  `file_limit a part, parts appended) → success; import → progress while it runs, then success or failure; sale query → ` +
  `the orders document; sale success → success. Every refusal: HTTP 200, failure and its Russian reason`;

const exchangeRoute = <M extends 'GET' | 'POST'>(method: M, path: string) =>
  route({
    method,
    path,
    access: 'public',
    summary,
    tags: ['exchange-1c'],
    query: exchangeQuery,
    answer: exchangeAnswer,
    answerType: ['text/plain', 'application/xml'],
  });

export const EXCHANGE_1C_PROTOCOL_ROUTES = {
  get: exchangeRoute('GET', '/exchange/1c'),
  post: exchangeRoute('POST', '/exchange/1c'),
  bitrixGet: exchangeRoute('GET', '/bitrix/admin/1c_exchange.php'),
  bitrixPost: exchangeRoute('POST', '/bitrix/admin/1c_exchange.php'),
};
