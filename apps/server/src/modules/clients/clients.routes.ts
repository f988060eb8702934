import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  blacklistBodySchema,
  clientListQuerySchema,
  clientPriceBodySchema,
  clientShortQuerySchema,
} from '@b2b/contracts/clients';
import { MSG } from '@b2b/contracts/messages';
import { notFound } from '@/http/app-error';
import { requirePartnerStaff } from '@/http/auth-context';
import { idParam } from '@/http/params';
import type { ClientsService } from './clients.service';
import { parseInput } from './parse-input';

const pricesQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(500).catch(50).default(50),
  offset: z.coerce.number().int().min(0).catch(0).default(0),
});

/** Reads need viewClients (every role); the blacklist needs editClients; price settings viewPriceTypeClients. */
export function clientsRoutes(clients: ClientsService) {
  return async (app: FastifyInstance) => {
    app.get(
      '/v3/api/partner/client/',
      { schema: { tags: ['clients'], summary: 'Client list (sort, limit, offset, date_start, date_end, blacklist, query); action=export → .xlsx' } },
      async (request) => {
        const user = requirePartnerStaff(request, 'viewClients');
        const { action, ...query } = parseInput(clientListQuerySchema, request.query);
        return action === 'export' ? clients.exportList(user, query) : clients.list(user, query);
      },
    );

    app.get(
      '/v3/api/partner/client/short/',
      { schema: { tags: ['clients'], summary: 'Active clients (ID, NAME) for pickers, optionally matching query' } },
      async (request) => {
        const user = requirePartnerStaff(request, 'viewClients');
        const q = parseInput(clientShortQuerySchema, request.query);
        return clients.short(user.partnerId, q.query, q.limit);
      },
    );

    app.get(
      '/v3/api/partner/client/:id/',
      { schema: { tags: ['clients'], summary: 'Client card' } },
      async (request) => {
        const user = requirePartnerStaff(request, 'viewClients');
        const card = await clients.card(user, idParam(request.params));
        if (!card) throw notFound(MSG.notFound);
        return card;
      },
    );

    app.post(
      '/v3/api/partner/client/:id/',
      { schema: { tags: ['clients'], summary: "Set the client's price type (price list) or price column" } },
      async (request) => {
        const user = requirePartnerStaff(request, 'viewPriceTypeClients');
        const id = idParam(request.params);
        return clients.setPriceSettings(user.partnerId, id, parseInput(clientPriceBodySchema, request.body));
      },
    );

    app.get(
      '/v3/api/partner/client/:id/prices/',
      { schema: { tags: ['clients'], summary: "The client's personal prices (Цены клиента)" } },
      async (request) => {
        const user = requirePartnerStaff(request, 'viewClients');
        const answer = await clients.personalPrices(user.partnerId, idParam(request.params), parseInput(pricesQuerySchema, request.query));
        if (!answer) throw notFound(MSG.notFound);
        return answer;
      },
    );

    app.post(
      '/v3/api/partner/blacklist/',
      { schema: { tags: ['clients'], summary: 'Block (delete=Y) or restore (delete=N) clients[]' } },
      async (request) => {
        const user = requirePartnerStaff(request, 'editClients');
        const body = parseInput(blacklistBodySchema, request.body);
        return clients.setBlacklisted(user.partnerId, body.clients, body.delete === 'Y');
      },
    );
  };
}
