/** Interface labels of the employees screen (the spec's messages stay in MSG and EMPLOYEE_MSG). */
export const EMPLOYEE_UI = {
  add: 'Добавить сотрудника',
  newTitle: 'Новый сотрудник',
  editTitle: 'Редактирование сотрудника',
  empty: 'Сотрудников пока нет',
  loadFailed: 'Не удалось загрузить список сотрудников',
  failureTitle: 'Не удалось выполнить действие',
  columns: {
    fullName: 'ФИО',
    email: 'E-mail',
    rights: 'Права',
    active: 'Активен',
    lastLogin: 'Последний вход',
    actions: 'Действия',
  },
  fields: { surname: 'Фамилия', name: 'Имя', email: 'E-mail', rights: 'Доступ к разделам' },
  rights: {
    admin: 'Администратор',
    orders: 'Заказы',
    price: 'Прайсы',
    clients: 'Клиенты',
    loyalty: 'Лояльность',
  },
  noRights: 'Нет доступа',
  noPassword: 'Пароль не отправлен',
  neverSignedIn: '—',
  yourself: 'Это вы',
  edit: 'Изменить',
  sendPassword: 'Отправить пароль',
  delete: 'Удалить',
  sendPasswordConfirm: (email: string) => ({
    title: 'Отправить пароль сотруднику?',
    content: `На ${email} будут отправлены логин и новый пароль. Прежний пароль перестанет действовать.`,
    ok: 'Отправить',
  }),
  deleteConfirm: (name: string) => ({
    title: `Удалить сотрудника ${name}?`,
    content: 'Сотрудник больше не сможет войти в личный кабинет.',
    ok: 'Удалить',
  }),
  activeConfirm: (name: string, active: boolean) =>
    active
      ? { title: `Включить сотрудника ${name}?`, content: 'Сотрудник снова сможет войти в личный кабинет.', ok: 'Включить' }
      : {
          title: `Отключить сотрудника ${name}?`,
          content: 'Сотрудник не сможет войти, его текущие сеансы сразу завершатся.',
          ok: 'Отключить',
        },
} as const;
