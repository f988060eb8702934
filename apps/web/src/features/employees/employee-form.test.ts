import { describe, expect, it } from 'vitest';
import type { EmployeeRow } from '@b2b/contracts/employees';
import { MSG } from '@b2b/contracts/messages';
import { employeeFieldError, employeeFullName, employeeSaveBody, employeeValues, newEmployeeValues, splitEmployeeErrors } from './employee-form';

const row: EmployeeRow = {
  ID: 7,
  SURNAME: 'Смирнова',
  NAME: 'Ольга',
  EMAIL: 'olga@partner.demo',
  ADMIN: 'Y',
  ORDERS: 'N',
  PRICE: 'Y',
  CLIENTS: 'N',
  LOYALTY: 'Y',
  ACTIVE: 'Y',
  HAS_PASSWORD: 'Y',
  LAST_LOGIN: null,
  CREATE_DATE: 1_700_000_000,
};

describe('newEmployeeValues', () => {
  it('starts with orders on and the other rights off (back-office.md §3)', () => {
    expect(newEmployeeValues()).toEqual({
      surname: '',
      name: '',
      email: '',
      orders: true,
      price: false,
      clients: false,
      loyalty: false,
      admin: false,
    });
  });
});

describe('employeeValues', () => {
  it('reads the rights of a listed employee', () => {
    expect(employeeValues(row)).toEqual({
      surname: 'Смирнова',
      name: 'Ольга',
      email: 'olga@partner.demo',
      orders: false,
      price: true,
      clients: false,
      loyalty: true,
      admin: true,
    });
    expect(employeeFullName(row)).toBe('Смирнова Ольга');
  });
});

describe('employeeFieldError', () => {
  it('gives the spec messages of the employee form (back-office.md §5)', () => {
    expect(employeeFieldError('surname', '')).toBe(MSG.employeeSurnameRequired);
    expect(employeeFieldError('name', undefined)).toBe(MSG.employeeNameRequired);
    expect(employeeFieldError('email', '  ')).toBe(MSG.employeeEmailRequired);
    expect(employeeFieldError('email', 'olga@partner')).toBe(MSG.employeeEmailInvalid);
    expect(employeeFieldError('email', 'olga partner.demo')).toBe(MSG.employeeEmailInvalid);
  });
  it('counts a name of no letters as missing', () => {
    expect(employeeFieldError('name', '123 !')).toBe(MSG.employeeNameRequired);
  });
  it('accepts valid values', () => {
    expect(employeeFieldError('surname', 'Римский-Корсаков')).toBeNull();
    expect(employeeFieldError('name', 'Ольга')).toBeNull();
    expect(employeeFieldError('email', ' Olga@Partner.Demo ')).toBeNull();
  });
});

describe('employeeSaveBody', () => {
  const values = { ...newEmployeeValues(), surname: 'Иванов', name: 'Петр', email: ' petr@x.ru ', price: true, admin: true };

  it('creates without an id and sends every right as Y/N', () => {
    expect(employeeSaveBody(values, { canGrantAdmin: false })).toEqual({
      surname: 'Иванов',
      name: 'Петр',
      email: 'petr@x.ru',
      orders: 'Y',
      price: 'Y',
      clients: 'N',
      loyalty: 'N',
    });
  });
  it('edits by employee_id; only the owner sends admin', () => {
    expect(employeeSaveBody(values, { id: 7, canGrantAdmin: true })).toMatchObject({ employee_id: '7', admin: 'Y' });
    expect(employeeSaveBody({ ...values, admin: false }, { id: 7, canGrantAdmin: true }).admin).toBe('N');
    expect(employeeSaveBody(values, { id: 7, canGrantAdmin: false })).not.toHaveProperty('admin');
  });
});

describe('splitEmployeeErrors', () => {
  it('puts field errors under their fields and keeps the rest for the failure dialog', () => {
    expect(
      splitEmployeeErrors({ email: 'Пользователь с такой почтой уже существует', admin: 'Назначать администратора может только владелец' }),
    ).toEqual({
      fields: [{ name: 'email', message: 'Пользователь с такой почтой уже существует' }],
      other: ['Назначать администратора может только владелец'],
    });
  });
});
