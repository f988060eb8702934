import { z } from 'zod';
import { action, listOf, seconds, yn } from '../http/envelope';
import { route } from '../http/route';

/** The employees screen (back-office.md §2 /partner/employees, §3 Employee, §7 /partner/employee/). */

export const employeeRow = z.object({
  ID: z.number().int(),
  SURNAME: z.string(),
  NAME: z.string(),
  EMAIL: z.string(),
  ADMIN: yn,
  ORDERS: yn,
  PRICE: yn,
  CLIENTS: yn,
  LOYALTY: yn,
  ACTIVE: yn,
  HAS_PASSWORD: yn,
  LAST_LOGIN: seconds.nullable(),
  CREATE_DATE: seconds,
});
export type EmployeeRow = z.infer<typeof employeeRow>;

const field = z.string().optional();

const tags = ['employees'];

export const EMPLOYEE_ROUTES = {
  list: route({
    method: 'GET',
    path: '/v3/api/partner/employee/',
    access: { staff: 'viewEmployees' },
    summary: 'Employees of the partner',
    tags,
    answer: listOf(employeeRow),
  }),

  /**
   * One call for every change, as the spec's client makes it: create (no employee_id), edit, enable or disable
   * (active alone), delete (delete=Y). The form's fields are checked by employeeFormSchema.
   */
  save: route({
    method: 'POST',
    path: '/v3/api/partner/employee/',
    access: { staff: 'viewEmployees' },
    summary: 'Create, edit (employee_id), enable/disable (active) or delete (delete=Y) an employee',
    tags,
    form: true,
    body: z.object({
      employee_id: field,
      delete: field,
      active: field,
      surname: field,
      name: field,
      email: field,
      orders: field,
      price: field,
      clients: field,
      loyalty: field,
      admin: field,
    }),
    answer: action({ ID: z.number().int().optional(), ACTIVE: yn.optional() }),
    answers: { 404: 'employee_id names no employee of the partner' },
  }),

  sendPassword: route({
    method: 'POST',
    path: '/v3/api/partner/employee/password/',
    access: { staff: 'viewEmployees' },
    summary: 'E-mail an employee its sign-in and a new password',
    tags,
    body: z.object({ employee_id: field }),
    /** ORDERS: the orders access the employee has now (switched on when it had none). */
    answer: action({ ID: z.number().int(), ORDERS: yn }),
    answers: { 404: 'employee_id names no employee of the partner' },
  }),
};
