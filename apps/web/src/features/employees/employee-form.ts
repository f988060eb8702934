import { employeeFormSchema, type EmployeeRow } from '@b2b/contracts/employees';

/** The rights an employee form edits besides ADMIN (back-office.md §3 Employee). */
export const EMPLOYEE_RIGHTS = ['orders', 'price', 'clients', 'loyalty'] as const;
export type EmployeeRight = (typeof EMPLOYEE_RIGHTS)[number];

export type EmployeeTextField = 'surname' | 'name' | 'email';
export const EMPLOYEE_TEXT_FIELDS: readonly EmployeeTextField[] = ['surname', 'name', 'email'];

/** The form's values: the text fields and one boolean per right. */
export interface EmployeeFormValues extends Record<EmployeeRight, boolean> {
  surname: string;
  name: string;
  email: string;
  admin: boolean;
}

type YN = 'Y' | 'N';
const yn = (on: boolean): YN => (on ? 'Y' : 'N');

/** The body of POST /v3/api/partner/employee/ that creates (no employee_id) or edits an employee. */
export interface EmployeeSaveRequest extends Record<EmployeeRight, YN> {
  employee_id?: string;
  surname: string;
  name: string;
  email: string;
  /** Sent only by the owner: only the owner may grant or take ADMIN. */
  admin?: YN;
}

/** A right a new employee starts with: the contract's defaults (orders on, the rest off). */
const startsOn = (right: EmployeeRight) => employeeFormSchema.shape[right].parse(undefined) === 'Y';

export function newEmployeeValues(): EmployeeFormValues {
  return {
    surname: '',
    name: '',
    email: '',
    orders: startsOn('orders'),
    price: startsOn('price'),
    clients: startsOn('clients'),
    loyalty: startsOn('loyalty'),
    admin: false,
  };
}

export function employeeValues(row: EmployeeRow): EmployeeFormValues {
  return {
    surname: row.SURNAME,
    name: row.NAME,
    email: row.EMAIL,
    orders: row.ORDERS === 'Y',
    price: row.PRICE === 'Y',
    clients: row.CLIENTS === 'Y',
    loyalty: row.LOYALTY === 'Y',
    admin: row.ADMIN === 'Y',
  };
}

/** The spec's message for one text field (Вы не указали фамилию, …), or null when it is valid. */
export function employeeFieldError(field: EmployeeTextField, value: string | undefined): string | null {
  const result = employeeFormSchema.shape[field].safeParse(value ?? '');
  return result.success ? null : (result.error.issues[0]?.message ?? null);
}

export function employeeSaveBody(values: EmployeeFormValues, options: { id?: number; canGrantAdmin: boolean }): EmployeeSaveRequest {
  return {
    ...(options.id ? { employee_id: String(options.id) } : {}),
    surname: values.surname,
    name: values.name,
    email: values.email.trim(),
    orders: yn(values.orders),
    price: yn(values.price),
    clients: yn(values.clients),
    loyalty: yn(values.loyalty),
    ...(options.canGrantAdmin ? { admin: yn(values.admin) } : {}),
  };
}

const FORM_FIELDS = new Set<string>([...EMPLOYEE_TEXT_FIELDS, ...EMPLOYEE_RIGHTS]);

/**
 * The errors of a SUCCESS "N" answer: those naming a form field go under it, the rest (admin, active, delete, …)
 * are a failure of the whole action.
 */
export function splitEmployeeErrors(errors: Record<string, string>): {
  fields: { name: string; message: string }[];
  other: string[];
} {
  const fields: { name: string; message: string }[] = [];
  const other: string[] = [];
  for (const [key, message] of Object.entries(errors)) {
    if (FORM_FIELDS.has(key)) fields.push({ name: key, message });
    else other.push(message);
  }
  return { fields, other };
}

/** "Смирнова Ольга". */
export const employeeFullName = (row: Pick<EmployeeRow, 'SURNAME' | 'NAME'>) => [row.SURNAME, row.NAME].filter(Boolean).join(' ');
