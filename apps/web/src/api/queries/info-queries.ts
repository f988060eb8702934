import { queryOptions, useQuery } from '@tanstack/react-query';
import { MANAGER_ROUTES } from '@b2b/contracts/routes/manager';
import { PARTNER_ROUTES as R } from '@b2b/contracts/routes/partners';
import { api } from '@/api/api-client';
import { QUERY_ROOT } from '@/shared/query/resource-changes';

/** Partner and manager info: counters and the minimum dates used by several features' filters; the manager's partners. */
export const infoKeys = {
  all: [QUERY_ROOT.info] as const,
  partner: () => [...infoKeys.all, 'partner'] as const,
  manager: () => [...infoKeys.all, 'manager'] as const,
  partners: (query: string) => [...infoKeys.all, 'partners', query] as const,
};

export const partnerInfoQuery = () =>
  queryOptions({
    queryKey: infoKeys.partner(),
    queryFn: ({ signal }) => api.call(R.info, {}, { signal }),
  });

export const managerInfoQuery = () =>
  queryOptions({
    queryKey: infoKeys.manager(),
    queryFn: ({ signal }) => api.call(R.managerInfo, {}, { signal }),
  });

export const usePartnerInfo = (enabled = true) => useQuery({ ...partnerInfoQuery(), enabled });
export const useManagerInfo = (enabled = true) => useQuery({ ...managerInfoQuery(), enabled });

/** The platform's partners (GET /v3/api/manager/partner/), those whose name holds `query` when it is not empty. */
export const managerPartnersQuery = (query: string) =>
  queryOptions({
    queryKey: infoKeys.partners(query),
    queryFn: ({ signal }) => api.call(MANAGER_ROUTES.partners, { query: query ? { query } : {} }, { signal }),
    staleTime: 60_000,
  });

export const useManagerPartners = (query: string, enabled = true) => useQuery({ ...managerPartnersQuery(query), enabled });
