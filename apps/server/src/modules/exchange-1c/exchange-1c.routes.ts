import type { Readable } from 'node:stream';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { EXCHANGE_1C_LIMITS } from '@b2b/contracts/exchange-1c';
import { EXCHANGE_1C_PROTOCOL_ROUTES } from '@b2b/contracts/routes/exchange-1c-protocol';
import type { ContractRouteConfig } from '@/http/contract-route';
import { BODYLESS, rawStreamCaps } from '@/http/body-caps';
import type { ExchangeCharset } from './commerceml/windows-1251';
import { answerText, EXCHANGE_COOKIE, type ExchangeProtocol } from './exchange-protocol.service';

/*
 * The routes 1C calls (contracts/routes/exchange-1c-protocol.ts). Registered by hand rather than by addRoute: the
 * body is any media type, read by the route as a raw stream within file_limit (body-caps' rawStream), and the answer
 * is text. In this plugin's scope the content parsers are replaced by one that leaves the body unread.
 */

/** Bodies handed over by the parser, unread (after the preParsing hooks). */
const bodies = new WeakMap<FastifyRequest, Readable>();

/** windows-1251 when `?encoding=` names it, or Accept-Charset names it first; else UTF-8. */
function charsetOf(request: FastifyRequest, encoding: string | undefined): ExchangeCharset {
  const is1251 = (name: string | undefined) => /^(windows-1251|cp-?1251)$/i.test((name ?? '').trim());
  if (is1251(encoding)) return 'windows-1251';
  const first = String(request.headers['accept-charset'] ?? '')
    .split(',')[0]
    .split(';')[0];
  return is1251(first) ? 'windows-1251' : 'utf-8';
}

const hasBody = (request: FastifyRequest) => request.headers['transfer-encoding'] !== undefined || Number(request.headers['content-length'] ?? 0) > 0;

export function exchange1cRoutes(protocol: ExchangeProtocol) {
  return async (app: FastifyInstance) => {
    app.removeAllContentTypeParsers();
    app.addContentTypeParser('*', (request, payload, done) => {
      bodies.set(request, payload);
      done(null, undefined);
    });

    for (const contract of Object.values(EXCHANGE_1C_PROTOCOL_ROUTES)) {
      const post = contract.method === 'POST';
      const config: ContractRouteConfig = { access: contract.access, form: false, body: post };
      app.route({
        method: contract.method,
        url: contract.path,
        config: { ...config, contract, bodyCaps: post ? rawStreamCaps(EXCHANGE_1C_LIMITS.filePartBytes) : BODYLESS },
        schema: {
          tags: [...contract.tags],
          summary: contract.summary,
          description: 'Access: its own (HTTP Basic at checkauth, then the cookie or sessid)',
          querystring: contract.query,
          response: { 200: contract.answer },
        },
        handler: async (request, reply) => {
          const query = request.query as { type?: string; mode?: string; filename?: string; sessid?: string; encoding?: string };
          const charset = charsetOf(request, query.encoding);
          const length = request.headers['content-length'];
          const answer = await protocol.answer({
            type: query.type,
            mode: query.mode,
            filename: query.filename,
            token: request.cookies?.[EXCHANGE_COOKIE] || query.sessid || undefined,
            authorization: request.headers.authorization,
            address: request.ip,
            charset,
            body: bodies.get(request) ?? request.raw,
            declaredBytes: request.headers['transfer-encoding'] === undefined && length !== undefined ? Number(length) : undefined,
          });
          // A body the call did not read (a refused part, a body where none is expected) is not read on: the
          // connection closes after the answer.
          const unread = hasBody(request) && (query.mode !== 'file' || ('lines' in answer && answer.lines[0] === 'failure'));
          if (unread) reply.header('connection', 'close');
          if ('xml' in answer) return reply.header('content-type', `application/xml; charset=${charset}`).send(answer.xml);
          return reply.header('content-type', `text/plain; charset=${charset}`).send(answerText(answer, charset));
        },
      });
    }
  };
}
