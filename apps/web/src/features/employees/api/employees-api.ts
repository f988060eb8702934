import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import type { Resolved } from '@b2b/contracts/http/route';
import { EMPLOYEE_ROUTES as R } from '@b2b/contracts/routes/employees';
import { api } from '@/api/api-client';
import { employeeKeys } from '@/features/employees/api/employee-keys';
import type { EmployeeSaveRequest } from '@/features/employees/employee-form';
import { useInvalidateAfter } from '@/shared/query/resource-changes';

/** The answer of an employee action (SUCCESS "N" rejects with an ApiError carrying `errors`). */
export type EmployeeActionAnswer = Resolved<typeof R.save> | Resolved<typeof R.sendPassword>;

export const fetchEmployees = (signal?: AbortSignal) => api.call(R.list, {}, { signal });

export const employeesQuery = () => queryOptions({ queryKey: employeeKeys.list(), queryFn: ({ signal }) => fetchEmployees(signal) });

export const useEmployees = () => useQuery(employeesQuery());

/** Create (no employee_id) or edit. */
export const saveEmployee = (body: EmployeeSaveRequest) => api.call(R.save, { body }, { silent: true });

export const setEmployeeActive = (id: number, active: boolean) =>
  api.call(R.save, { body: { employee_id: String(id), active: active ? 'Y' : 'N' } }, { silent: true });

export const deleteEmployee = (id: number) => api.call(R.save, { body: { employee_id: String(id), delete: 'Y' } }, { silent: true });

/** E-mails the employee its sign-in and a new password (orders access is switched on when it has none). */
export const sendEmployeePassword = (id: number) => api.call(R.sendPassword, { body: { employee_id: String(id) } }, { silent: true });

/**
 * Every employee action shows its own failure (a field error or the failure dialog, back-office.md §8), so no
 * toast and no server-error modal; afterwards the list is read again.
 */
function useEmployeeMutation<V>(mutationFn: (variables: V) => Promise<EmployeeActionAnswer>) {
  return useMutation({ mutationFn, meta: { toastError: false }, onSettled: useInvalidateAfter('employee') });
}

export const useSaveEmployee = () => useEmployeeMutation(saveEmployee);
export const useSetEmployeeActive = () => useEmployeeMutation(({ id, active }: { id: number; active: boolean }) => setEmployeeActive(id, active));
export const useDeleteEmployee = () => useEmployeeMutation(deleteEmployee);
export const useSendEmployeePassword = () => useEmployeeMutation(sendEmployeePassword);
