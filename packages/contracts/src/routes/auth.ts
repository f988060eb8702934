import { z } from 'zod';
import { action, actionDone, actionFailed } from '../http/envelope';
import { route } from '../http/route';
import { ACCOUNT_FLOW_TYPES } from '../auth';
import { RIGHT_NAMES, USER_KINDS, type RightName } from '../rights';

/** The session check and the account flows (back-office.md §5, §7 utils/check, auth/register). */

const tags = ['auth'];

export const checkAnswer = z.object({
  STATUS: z.enum(['valid', 'expired', 'invalid']),
  isInvalid: z.boolean(),
  isUserWithoutPassword: z.boolean(),
  /** Null for a guest (client-credentials) token. */
  USER_TYPE: z.enum(USER_KINDS).nullable(),
  PARTNER: z.boolean(),
  MANAGER: z.boolean(),
  userRules: z.object({
    isViewClients: z.boolean(),
    isEditClients: z.boolean(),
    isViewOrders: z.boolean(),
    isViewSettingsShop: z.boolean(),
    isViewPriceTypeClients: z.boolean(),
    isViewEmployees: z.boolean(),
  }),
  /** Every right of rights.ts by name. */
  RIGHTS: z.object(Object.fromEntries(RIGHT_NAMES.map((name) => [name, z.boolean()])) as Record<RightName, z.ZodBoolean>).nullable(),
  USER: z
    .object({
      ID: z.number().int(),
      EMAIL: z.string(),
      NAME: z.string(),
      SURNAME: z.string(),
      IS_OWNER: z.boolean(),
      ROLES: z.array(z.string()),
      PARTNER_ID: z.number().int().nullable(),
      PARTNER_NAME: z.string().nullable(),
      /** The zone the user's dates are shown in: the partner's shop's (issue 38 §8), Moscow for a manager. */
      TIME_ZONE: z.string(),
    })
    .nullable(),
});

/** RFC 6749 §5.1; the web client gets its refresh token as an HttpOnly cookie instead (refresh-cookie.ts). */
export const tokenAnswer = z.object({
  access_token: z.string(),
  token_type: z.literal('Bearer'),
  expires_in: z.number().int(),
  refresh_token: z.string().optional(),
  scope: z.string().optional(),
});

/** A form's fields as text: what the OAuth endpoints and the sign-in confirmation take. */
const textFields = z.record(z.string(), z.string());

export const AUTH_ROUTES = {
  /**
   * The grants password (with the shop's `domain` for buyers), client_credentials and refresh_token. The body's
   * fields are text; which are needed is the grant's (token-request.ts), answered with OAuth's error codes.
   */
  token: route({
    method: 'POST',
    path: '/v3/oauth/token/',
    access: 'public',
    summary: 'OAuth 2 token: grants password, client_credentials, refresh_token',
    tags,
    body: textFields.nullish(),
    answer: tokenAnswer,
    answers: {
      401: 'invalid_client: an unknown client_id or a wrong client_secret (RFC 6749 §5.2)',
      429: 'Too many failed password checks of the account or from the address lately, or too many calls (Retry-After)',
    },
  }),

  /** Sign-out: the token and its family; the web client's refresh cookie too. */
  revoke: route({
    method: 'POST',
    path: '/v3/oauth/revoke/',
    access: 'public',
    summary: "Revoke a token and its family (sign-out); the web client's refresh cookie too",
    tags,
    body: z.object({ token: z.string().optional() }).nullish(),
    answer: actionDone(),
  }),

  /**
   * Without user_checkword: a signed-in user confirms its sign-in (recorded); with email + user_checkword: a
   * registration is confirmed and signed in.
   */
  confirmLogin: route({
    method: 'PUT',
    path: '/v1/login/confirm/',
    access: 'public',
    stricter: { field: 'user_checkword', only: [''], access: 'user' },
    summary: 'Confirm a sign-in (records the login), or with email + user_checkword confirm a registration',
    tags,
    body: textFields.nullish(),
    answer: z.union([
      actionDone({ TOKEN: tokenAnswer, isUserWithoutPassword: z.boolean() }),
      actionDone({ isUserWithoutPassword: z.boolean() }),
      actionFailed,
    ]),
  }),

  check: route({
    method: 'GET',
    path: '/v3/api/utils/check/',
    access: 'public',
    summary: 'Token check: status, user kind, flags and personal rights',
    tags,
    answer: checkAnswer,
  }),

  /**
   * The account flows by `type`; change_password needs a signed-in user. Every field is text: anything else (an
   * array, an object) is refused before a flow reads it.
   */
  accountFlow: route({
    method: 'POST',
    path: '/v3/api/auth/register/',
    access: 'public',
    stricter: { field: 'type', only: ['change_password'], access: 'user' },
    summary: 'Account flows by type: register, validation_reset, reset_password, change_password',
    tags,
    body: z.object({ type: z.enum(ACCOUNT_FLOW_TYPES) }).catchall(z.string()),
    answer: action({}),
  }),
};
