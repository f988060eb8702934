import type { FastifyInstance } from 'fastify';
import { MSG } from '@b2b/contracts/messages';
import { notFound } from '@/http/app-error';
import { requireManager, requirePartnerStaff } from '@/http/auth-context';
import type { PartnersService } from './partners.service';

export function partnersRoutes(partners: PartnersService) {
  return async (app: FastifyInstance) => {
    app.get(
      '/v3/api/partner/info/',
      { schema: { tags: ['partner'], summary: 'Partner counters and the minimum client and order dates' } },
      async (request) => {
        const user = requirePartnerStaff(request);
        const info = await partners.info(user.partnerId);
        if (!info) throw notFound(MSG.notFound);
        return info;
      },
    );

    app.get(
      '/v3/api/manager/info/',
      { schema: { tags: ['manager'], summary: 'Platform counters for the manager' } },
      async (request) => {
        requireManager(request);
        return partners.managerInfo();
      },
    );
  };
}
