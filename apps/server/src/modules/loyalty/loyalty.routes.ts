import type { FastifyInstance } from 'fastify';
import { MSG } from '@b2b/contracts/messages';
import { LOYALTY_ROUTES as R } from '@b2b/contracts/routes/loyalty';
import { forbidden } from '@/http/app-error';
import { addRoute } from '@/http/contract-route';
import type { LoyaltyPointsService } from './loyalty-points.service';
import type { LoyaltySettingsService } from './loyalty-settings.service';

export function loyaltyRoutes(settings: LoyaltySettingsService, points: LoyaltyPointsService) {
  return async (app: FastifyInstance) => {
    addRoute(app, R.shop, ({ staff }) => settings.shop(staff.partnerId));
    addRoute(app, R.saveShop, ({ staff, body, request }) => settings.saveShop(staff, body, request.uploads));
    addRoute(app, R.status, ({ staff }) => settings.status(staff.partnerId));
    addRoute(app, R.switch, ({ staff, body }) => settings.switchProgram(staff.partnerId, body.STATUS === 'Y'));
    addRoute(app, R.statuses.get, ({ staff }) => settings.statuses(staff.partnerId));
    addRoute(app, R.statuses.save, ({ staff, body }) => settings.saveStatuses(staff.partnerId, body));
    addRoute(app, R.coefficients.get, ({ staff }) => settings.coefficients(staff.partnerId));
    addRoute(app, R.coefficients.save, ({ staff, body }) => settings.saveCoefficients(staff.partnerId, body));
    addRoute(app, R.visability.get, ({ staff }) => settings.visibility(staff.partnerId));
    addRoute(app, R.visability.save, ({ staff, body }) => settings.saveVisibility(staff.partnerId, body));
    addRoute(app, R.scoring.get, ({ staff }) => settings.scoring(staff.partnerId));
    addRoute(app, R.scoring.save, ({ staff, body }) => settings.saveScoring(staff.partnerId, body));

    addRoute(app, R.participation, ({ staff, query }) => points.participation(staff.partnerId, query));
    addRoute(app, R.setParticipation, ({ staff, body }) => points.setParticipation(staff.partnerId, body.client_id, body.enabled, body.card_code));
    addRoute(app, R.balance, ({ staff, query }) => points.balance(staff.partnerId, query));
    addRoute(app, R.plus, ({ staff, body }) => points.plus(staff, body));
    addRoute(app, R.minus, ({ staff, body }) => points.minus(staff, body));
    addRoute(app, R.setStatus, ({ staff, params, body }) => points.setStatus(staff.partnerId, params.id, body.status_id, body.date_status_end));
    addRoute(app, R.client, ({ staff, params }) => points.client(staff.partnerId, params.id));
    addRoute(app, R.buyer, ({ user }) => {
      if (user.kind !== 'CLIENT' || user.partnerId == null || user.clientId == null) throw forbidden(MSG.forbidden);
      return points.buyer(user.partnerId, user.clientId);
    });
  };
}
