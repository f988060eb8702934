import { QUERY_ROOT } from '@/shared/query/resource-changes';

/** The one query-key factory of the employees feature. */
export const employeeKeys = {
  all: [QUERY_ROOT.employees] as const,
  lists: () => [...employeeKeys.all, 'list'] as const,
  list: () => [...employeeKeys.lists()] as const,
};
