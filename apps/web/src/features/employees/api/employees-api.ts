import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { EmployeeRow } from '@b2b/contracts/employees';
import { api } from '@/api/api-client';
import { employeeKeys } from '@/features/employees/api/employee-keys';
import type { EmployeeSaveRequest } from '@/features/employees/employee-form';

const EMPLOYEE_PATH = '/v3/api/partner/employee/';
const PASSWORD_PATH = '/v3/api/partner/employee/password/';

export interface EmployeeListAnswer {
  ITEMS: EmployeeRow[];
  NAV: { CNT: number; CNT_ALL: number };
}

/** The answer of an employee action (SUCCESS "N" rejects with an ApiError carrying `errors`). */
export interface EmployeeActionAnswer {
  SUCCESS: 'Y';
  MESSAGE?: string;
  ID?: number;
}

export function fetchEmployees(signal?: AbortSignal): Promise<EmployeeListAnswer> {
  return api.get<EmployeeListAnswer>(EMPLOYEE_PATH, { signal });
}

export const employeesQuery = () =>
  queryOptions({ queryKey: employeeKeys.list(), queryFn: ({ signal }) => fetchEmployees(signal) });

export const useEmployees = () => useQuery(employeesQuery());

/** Create (no employee_id) or edit. */
export const saveEmployee = (body: EmployeeSaveRequest) =>
  api.post<EmployeeActionAnswer>(EMPLOYEE_PATH, { body: { ...body }, silent: true });

export const setEmployeeActive = (id: number, active: boolean) =>
  api.post<EmployeeActionAnswer>(EMPLOYEE_PATH, { body: { employee_id: id, active }, silent: true });

export const deleteEmployee = (id: number) =>
  api.post<EmployeeActionAnswer>(EMPLOYEE_PATH, { body: { employee_id: id, delete: 'Y' }, silent: true });

/** E-mails the employee its sign-in and a new password (orders access is switched on when it has none). */
export const sendEmployeePassword = (id: number) =>
  api.post<EmployeeActionAnswer>(PASSWORD_PATH, { body: { employee_id: id }, silent: true });

/**
 * Every employee action shows its own failure (a field error or the failure dialog, back-office.md §8), so no
 * toast and no server-error modal; afterwards the list is read again.
 */
function useEmployeeMutation<V>(mutationFn: (variables: V) => Promise<EmployeeActionAnswer>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    meta: { toastError: false },
    onSettled: () => queryClient.invalidateQueries({ queryKey: employeeKeys.lists() }),
  });
}

export const useSaveEmployee = () => useEmployeeMutation(saveEmployee);
export const useSetEmployeeActive = () =>
  useEmployeeMutation(({ id, active }: { id: number; active: boolean }) => setEmployeeActive(id, active));
export const useDeleteEmployee = () => useEmployeeMutation(deleteEmployee);
export const useSendEmployeePassword = () => useEmployeeMutation(sendEmployeePassword);
