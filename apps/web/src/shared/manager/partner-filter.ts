import type { LinkedCookie } from '@/shared/list-params/use-list-params';
import type { ListParams } from '@/shared/list-params/list-params';

/**
 * The manager's partner filter (back-office.md §6: orders across partners, promotions): `partner_id` in the URL,
 * kept in the params_manager_partner cookie so that the orders and offers screens share it. The reports keep their
 * own (report-request.ts REPORTS_STATE, issue 38.2). No partner_id means every partner.
 */
export const PARTNER_FILTER: LinkedCookie = { cookie: 'params_manager_partner', keys: ['partner_id'] };

/** The chosen partner's id, or undefined (every partner) for a missing or malformed value. */
export function partnerIdOf(params: ListParams): number | undefined {
  const raw = params.partner_id;
  if (!raw || !/^\d{1,15}$/.test(raw)) return undefined;
  const id = Number(raw);
  return id > 0 ? id : undefined;
}
