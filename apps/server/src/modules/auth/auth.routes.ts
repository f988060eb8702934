import { DEFAULT_TIME_ZONE } from '@b2b/contracts/time-zones';
import type { FastifyInstance } from 'fastify';
import { tokenRequestSchema } from '@b2b/contracts/token-request';
import { MSG } from '@b2b/contracts/messages';
import { AUTH_ROUTES as R } from '@b2b/contracts/routes/auth';
import { AppError } from '@/http/app-error';
import { requireUser } from '@/http/auth-context';
import { addRoute } from '@/http/contract-route';
import { ok } from '@/http/envelope';
import type { AccountService } from './account.service';
import type { AuthService } from './auth.service';
import type { PartnersService } from '../partners/partners.service';
import { clearRefreshCookie, moveRefreshToCookie, refreshFromCookie, wantsRefreshCookie } from './refresh-cookie';

const GRANTS = ['password', 'client_credentials', 'refresh_token'];

export function authRoutes(auth: AuthService, account: AccountService, partners: PartnersService) {
  return async (app: FastifyInstance) => {
    addRoute(
      app,
      R.token,
      async ({ request, reply, body: fields }) => {
        const body: Record<string, string | undefined> = { ...fields };
        if (!GRANTS.includes(body.grant_type ?? '')) throw new AppError('unsupported_grant_type', 400, MSG.grantUnsupported);
        const isRefresh = body.grant_type === 'refresh_token';
        if (isRefresh && !body.refresh_token) body.refresh_token = refreshFromCookie(request);
        const parsed = tokenRequestSchema.safeParse(body);
        if (!parsed.success) {
          // A field's own text where the schema has one (an over-long login reads as a wrong one), else the generic.
          const issue = parsed.error.issues.find((i) => i.code === 'too_big');
          throw new AppError(issue ? 'invalid_grant' : 'invalid_request', 400, issue?.message ?? MSG.badRequest);
        }
        reply.header('cache-control', 'no-store');
        try {
          return moveRefreshToCookie(request, reply, await auth.token(parsed.data, request.ip), auth.refreshTtlSeconds);
        } catch (error) {
          // A refused refresh ends the web session: the cookie would only be refused again.
          if (isRefresh && wantsRefreshCookie(request) && error instanceof AppError && error.code === 'invalid_grant') {
            clearRefreshCookie(request, reply);
          }
          throw error;
        }
      },
      { rateLimit: { max: 120, timeWindow: '1 minute' } },
    );

    addRoute(app, R.revoke, async ({ request, reply, body }) => {
      if (body?.token) await auth.revoke(body.token);
      const cookie = refreshFromCookie(request);
      if (cookie) await auth.revoke(cookie);
      if (wantsRefreshCookie(request)) clearRefreshCookie(request, reply);
      return ok();
    });

    addRoute(app, R.check, async ({ request }) => {
      const user = request.auth.status === 'valid' ? request.auth.user : null;
      const partnerName = user?.partnerId ? await partners.name(user.partnerId) : null;
      const timeZone = user?.partnerId ? await partners.timeZone(user.partnerId) : DEFAULT_TIME_ZONE;
      return auth.check(request.auth, partnerName, timeZone);
    });

    addRoute(
      app,
      R.confirmLogin,
      async ({ request, reply, body: sent }) => {
        const body = sent ?? {};
        if (body.user_checkword !== undefined) {
          const answer = await account.confirmEmail(body);
          if ('TOKEN' in answer) answer.TOKEN = moveRefreshToCookie(request, reply, answer.TOKEN, auth.refreshTtlSeconds);
          return answer;
        }
        const user = requireUser(request);
        await auth.confirmLogin(user.id);
        return ok({ isUserWithoutPassword: !user.hasPassword });
      },
      { rateLimit: { max: 30, timeWindow: '1 minute' } },
    );

    // Secrets travel in the body only (POST): a password or check word in a URL would reach logs and history.
    addRoute(
      app,
      R.accountFlow,
      async ({ request, body }) => {
        switch (body.type) {
          case 'register':
            return account.register(body);
          case 'validation_reset':
            return account.requestRecovery(body);
          case 'reset_password':
            return account.resetPassword(body);
          case 'change_password':
            return account.changePassword(requireUser(request), request.auth.sessionId, body, request.ip);
        }
      },
      { rateLimit: { max: 20, timeWindow: '1 minute' } },
    );
  };
}
