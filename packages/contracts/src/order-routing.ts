import { z } from 'zod';
import { actionDone } from './http/envelope';
import { formId } from './numbers';
import { ORDER_ROUTING_MSG } from './messages';
import { orderActionSchema } from './orders';

/*
 * The manager routes an order to another partner (issue 39 §1): POST /v3/api/manager/order/{id}/ with partner_id,
 * and action=route or no action at all. The order is copied to the target partner (its next number, a new id) and the
 * source's row closed as routed; the answer names the order at the target.
 */

/** The target partner: a positive id; a blank one is the same as none (the service answers partnerRequired). */
const targetPartner = z.preprocess((v) => (v === '' || v === null ? undefined : v), formId(ORDER_ROUTING_MSG.partnerNotFound).optional());

/** action=route, or partner_id without an action: the order goes to that partner. */
export const orderRouteSchema = z.object({ action: z.literal('route').optional(), partner_id: targetPartner });
export type OrderRouteInput = z.infer<typeof orderRouteSchema>;

/** What the manager's order action takes: the partner staff's actions, and routing. */
export const managerOrderActionSchema = z.discriminatedUnion('action', [...orderActionSchema.options, orderRouteSchema]);
export type ManagerOrderActionInput = z.infer<typeof managerOrderActionSchema>;

/** SUCCESS=Y of a routing: the order as it now is at the target (ID: its id there). */
export const orderRouted = actionDone({
  ORDER: z.object({ ID: z.number().int(), ORDER_NUMBER: z.string(), PARTNER_ID: z.number().int(), PARTNER_NAME: z.string() }),
}).extend({ MESSAGE: z.string() });
export type OrderRouted = z.infer<typeof orderRouted>;
