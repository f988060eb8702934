import { z } from 'zod';
import { action } from '../http/envelope';
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
    })
    .nullable(),
});

export const AUTH_ROUTES = {
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
