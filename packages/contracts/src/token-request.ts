import { z } from 'zod';
import './zod-locale';
import { PASSWORD_MAX } from './auth';
import { LIMITS } from './limits';
import { MSG } from './messages';

/** POST /v3/oauth/token/ (RFC 6749), form-encoded. */
export const tokenRequestSchema = z.discriminatedUnion('grant_type', [
  z.object({
    grant_type: z.literal('password'),
    client_id: z.string().min(1),
    client_secret: z.string().min(1),
    username: z.string().trim().max(LIMITS.emailMax, MSG.wrongCredentials).default(''),
    password: z.string().max(PASSWORD_MAX, MSG.wrongCredentials).default(''),
    domain: z.string().trim().max(LIMITS.domainTotalMax, MSG.shopLinkUnknown).optional(),
  }),
  z.object({
    grant_type: z.literal('client_credentials'),
    client_id: z.string().min(1),
    client_secret: z.string().min(1),
  }),
  z.object({
    grant_type: z.literal('refresh_token'),
    client_id: z.string().min(1),
    client_secret: z.string().min(1),
    refresh_token: z.string().min(1).max(200, MSG.refreshInvalid),
  }),
]);
export type TokenRequest = z.infer<typeof tokenRequestSchema>;
