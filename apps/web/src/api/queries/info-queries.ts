import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ManagerInfoResponse, PartnerInfoResponse } from '@b2b/contracts/auth';
import { api } from '@/api/api-client';

/** Partner and manager info: counters and the minimum dates used by several features' filters. */
export const infoKeys = {
  all: ['info'] as const,
  partner: () => [...infoKeys.all, 'partner'] as const,
  manager: () => [...infoKeys.all, 'manager'] as const,
};

export const partnerInfoQuery = () =>
  queryOptions({
    queryKey: infoKeys.partner(),
    queryFn: ({ signal }) => api.get<PartnerInfoResponse>('/v3/api/partner/info/', { signal }),
  });

export const managerInfoQuery = () =>
  queryOptions({
    queryKey: infoKeys.manager(),
    queryFn: ({ signal }) => api.get<ManagerInfoResponse>('/v3/api/manager/info/', { signal }),
  });

export const usePartnerInfo = (enabled = true) => useQuery({ ...partnerInfoQuery(), enabled });
export const useManagerInfo = (enabled = true) => useQuery({ ...managerInfoQuery(), enabled });
