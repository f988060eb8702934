import { z } from 'zod';
import { MSG } from './messages';

/** Employee form (back-office.md §3 Employee, §5): the web validates with it and the server again. */

/** Surname and name keep only letters and hyphen, with a capital first letter. */
export function normalisePersonName(value: string): string {
  const letters = value.replace(/[^A-Za-zА-Яа-яЁё-]/g, '');
  return letters ? letters[0].toLocaleUpperCase('ru') + letters.slice(1) : '';
}

export const EMAIL_RE = /^[^\s@]+@[^\s@]+\.[^\s@]{2,}$/;

const yn = z.enum(['Y', 'N']);

export const employeeFormSchema = z.object({
  surname: z.string().transform(normalisePersonName).pipe(z.string().min(1, MSG.employeeSurnameRequired)),
  name: z.string().transform(normalisePersonName).pipe(z.string().min(1, MSG.employeeNameRequired)),
  email: z
    .string()
    .trim()
    .min(1, MSG.employeeEmailRequired)
    .max(254, MSG.employeeEmailInvalid)
    .regex(EMAIL_RE, MSG.employeeEmailInvalid)
    .transform((v) => v.toLowerCase()),
  orders: yn.default('Y'),
  price: yn.default('N'),
  clients: yn.default('N'),
  loyalty: yn.default('N'),
  /** Only the owner may grant or take ADMIN. */
  admin: yn.optional(),
});
export type EmployeeForm = z.infer<typeof employeeFormSchema>;

/** One employee as GET /v3/api/partner/employee/ lists it. */
export interface EmployeeRow {
  ID: number;
  SURNAME: string;
  NAME: string;
  EMAIL: string;
  ADMIN: 'Y' | 'N';
  ORDERS: 'Y' | 'N';
  PRICE: 'Y' | 'N';
  CLIENTS: 'Y' | 'N';
  LOYALTY: 'Y' | 'N';
  ACTIVE: 'Y' | 'N';
  HAS_PASSWORD: 'Y' | 'N';
  LAST_LOGIN: number | null;
  CREATE_DATE: number;
}

export const EMPLOYEE_MSG = {
  emailTaken: 'Пользователь с такой почтой уже существует',
  created: 'Сотрудник добавлен',
  saved: 'Изменения сохранены',
  deleted: 'Сотрудник удален',
  enabled: 'Сотрудник включен',
  disabled: 'Сотрудник отключен',
  passwordSent: 'Данные для входа отправлены на почту сотрудника',
  cannotChangeSelf: 'Нельзя отключить или удалить собственную учетную запись',
  adminOnlyOwner: 'Назначать администратора может только владелец',
} as const;
