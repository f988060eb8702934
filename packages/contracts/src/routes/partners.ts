import { z } from 'zod';
import { seconds } from '../http/envelope';
import { route } from '../http/route';

/** The counters of the navigation (back-office.md §7 /partner/info/, manager/info/). */

const minDate = z.object({ MIN_DATE: seconds.nullable() });

export const partnerInfo = z.object({
  ID: z.number().int(),
  NAME: z.string(),
  CLIENT_COUNT: z.number().int(),
  ORDER_COUNT: z.number().int(),
  hasShopLink: z.boolean(),
  SHOP_LINK: z.string().nullable(),
  LOYALTY_ON: z.boolean(),
  /** The earliest dates the client and order list filters offer. */
  CLIENT_DATE: minDate,
  ORDER_DATE: minDate,
});
export type PartnerInfoResponse = z.infer<typeof partnerInfo>;

export const managerInfo = z.object({
  PARTNER_COUNT: z.number().int(),
  CLIENT_COUNT: z.number().int(),
  ORDER_COUNT: z.number().int(),
  CLIENT_DATE: minDate,
  ORDER_DATE: minDate,
});
export type ManagerInfoResponse = z.infer<typeof managerInfo>;

export const PARTNER_ROUTES = {
  info: route({
    method: 'GET',
    path: '/v3/api/partner/info/',
    access: 'staff',
    summary: 'Partner counters and the minimum client and order dates',
    tags: ['partner'],
    answer: partnerInfo,
  }),
  managerInfo: route({
    method: 'GET',
    path: '/v3/api/manager/info/',
    access: 'manager',
    summary: 'Platform counters for the manager',
    tags: ['manager'],
    answer: managerInfo,
  }),
};
