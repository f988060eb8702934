import { PAGE_TITLE, UI } from '@/shared/ui-text';

/** Interface labels of /login's flows (the spec's messages stay in MSG and ACCOUNT_MSG). */
export const AUTH_UI = {
  titles: {
    'sign-in': PAGE_TITLE.login,
    register: PAGE_TITLE.register,
    recovery: PAGE_TITLE.recovery,
    reset: 'Новый пароль',
    confirm: 'Подтверждение регистрации',
    'set-password': 'Установка пароля',
    'change-password': 'Смена пароля',
  },
  recoveryHint: 'Укажите e-mail, с которым вы входите в личный кабинет, и мы отправим на него ссылку для восстановления пароля.',
  sendLink: 'Отправить ссылку',
  resetFor: 'Новый пароль для',
  currentPassword: 'Текущий пароль',
  requestNewLink: 'Запросить новую ссылку',
  confirming: 'Подтверждаем адрес электронной почты…',
  otherAccount: 'Войти под другой учетной записью',
  backToSignIn: UI.backToSignIn,
  register: {
    domain: 'Ссылка магазина',
    domainPlaceholder: 'Например, kancler',
    domainRequired: 'Укажите ссылку магазина',
  },
} as const;
