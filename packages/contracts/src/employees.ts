import { z } from 'zod';
import './zod-locale';
import { LIMITS } from './limits';
import { MSG } from './messages';
import { EMAIL_RE } from './patterns';

/** Employee form (back-office.md §3 Employee, §5): the web validates with it and the server again. */

const EMPLOYEE_FLAG_INVALID = 'Укажите Y или N';

/** Surname and name keep only letters and hyphen, with a capital first letter. */
export function normalisePersonName(value: string): string {
  const letters = value.replace(/[^A-Za-zА-Яа-яЁё-]/g, '');
  return letters ? letters[0].toLocaleUpperCase('ru') + letters.slice(1) : '';
}

export { EMAIL_RE };

const yn = z.enum(['Y', 'N'], { error: EMPLOYEE_FLAG_INVALID });

/** A person's name field: absent reads as empty, so that the required text (not a type error) answers. */
const absentAsEmpty = <T extends z.ZodType>(schema: T) => z.preprocess((v) => v ?? '', schema);

const personName = (required: string, tooLong: string) =>
  absentAsEmpty(z.string({ error: required }).transform(normalisePersonName).pipe(z.string().min(1, required).max(LIMITS.personNameMax, tooLong)));

export const employeeFormSchema = z.object({
  surname: personName(MSG.employeeSurnameRequired, `Фамилия не должна быть длиннее ${LIMITS.personNameMax} символов`),
  name: personName(MSG.employeeNameRequired, `Имя не должно быть длиннее ${LIMITS.personNameMax} символов`),
  email: absentAsEmpty(
    z
      .string({ error: MSG.employeeEmailInvalid })
      .trim()
      .min(1, MSG.employeeEmailRequired)
      .max(LIMITS.emailMax, MSG.employeeEmailInvalid)
      .regex(EMAIL_RE, MSG.employeeEmailInvalid)
      .transform((v) => v.toLowerCase()),
  ),
  orders: yn.default('Y'),
  price: yn.default('N'),
  clients: yn.default('N'),
  loyalty: yn.default('N'),
  /** Only the owner may grant or take ADMIN. */
  admin: yn.optional(),
});

/** One employee as GET /v3/api/partner/employee/ lists it: defined with the route contracts. */
export type { EmployeeRow } from './routes/employees';

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
