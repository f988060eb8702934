import { UI } from '@/shared/ui-text';

/** The labels of the account forms the back office's /login and the buyers' shop both show. */
export const ACCOUNT_UI = {
  company: 'Название организации',
  inn: 'ИНН',
  name: 'Контактное лицо',
  phone: 'Телефон',
  email: UI.email,
  password: UI.password,
  passwordHint: 'Можно не указывать: пароль задается после подтверждения почты',
  newPassword: 'Новый пароль',
  repeat: 'Повторите пароль',
  savePassword: 'Сохранить пароль',
  register: 'Зарегистрироваться',
} as const;
