import { queryOptions, useQuery } from '@tanstack/react-query';
import { PARTNER_ROUTES as R } from '@b2b/contracts/routes/partners';
import { api } from '@/api/api-client';
import { QUERY_ROOT } from '@/shared/query/resource-changes';

/** Partner and manager info: counters and the minimum dates used by several features' filters. */
export const infoKeys = {
  all: [QUERY_ROOT.info] as const,
  partner: () => [...infoKeys.all, 'partner'] as const,
  manager: () => [...infoKeys.all, 'manager'] as const,
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
