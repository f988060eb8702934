import type { CheckResponse } from '@b2b/contracts/auth';
import { api } from '@/api/api-client';

export function fetchCheck(): Promise<CheckResponse> {
  return api.get<CheckResponse>('/v3/api/utils/check/', { silent: true });
}

export function confirmLogin(): Promise<{ SUCCESS: 'Y' }> {
  return api.put<{ SUCCESS: 'Y' }>('/v1/login/confirm/', { silent: true });
}
